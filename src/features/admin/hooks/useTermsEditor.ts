import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useServerAction, useServerData } from '#src/device/hooks/useServerData.ts';
import { fetchTerms, publishTerms, type TermsDocument } from '#src/features/legal/index.ts';
import { showToast } from '#src/ui/toasts.tsx';

export interface TermsDraft {
  version: string;
  title: string;
  content: string;
}

/**
 * The org's terms in force and publishing a new version: a server change, so online only (offline
 * it says so and the form keeps what was typed). `publish` answers the error to show, if any.
 */
export function useTermsEditor() {
  const { t } = useTranslation('admin');
  const org = useActor().org_id;
  const read = useServerData(String(org), () => fetchTerms(org));
  const [published, setPublished] = useState<TermsDocument>();
  const action = useServerAction({
    offline: t('admin.legal.needsConnection'),
    failed: t('admin.legal.publishError'),
  });
  // None published yet, or no connection: the form starts empty either way.
  const current: TermsDocument | null | undefined =
    published ?? (read.data !== undefined ? read.data : read.loading ? undefined : null);

  async function publish(draft: TermsDraft): Promise<string | undefined> {
    const outcome = await action.run(() =>
      publishTerms({
        version: draft.version.trim(),
        title: draft.title.trim(),
        content: draft.content.trim(),
      }),
    );
    if (!outcome.ok) return outcome.error;
    setPublished(outcome.value);
    showToast({
      title: t('admin.legal.published'),
      message: t('admin.legal.version', { version: outcome.value.version }),
    });
    return undefined;
  }

  return { current, saving: action.busy, publish };
}
