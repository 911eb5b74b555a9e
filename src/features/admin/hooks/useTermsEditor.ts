import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useSyncStatus } from '../../../device/DeviceProvider.tsx';
import { useActor } from '../../../device/hooks/useActor.ts';
import { showToast } from '../../../ui/toasts.tsx';
import { fetchTerms, publishTerms, type TermsDocument } from '../../legal/index.ts';

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
  const { t } = useTranslation();
  const online = useSyncStatus().online;
  const org = useActor().org_id;
  const [current, setCurrent] = useState<TermsDocument | null>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let stale = false;
    fetchTerms(org).then(
      (terms) => !stale && setCurrent(terms),
      // None published yet, or no connection: the form starts empty either way.
      () => !stale && setCurrent(null),
    );
    return () => {
      stale = true;
    };
  }, [org]);

  async function publish(draft: TermsDraft): Promise<string | undefined> {
    if (!online || !navigator.onLine) return t('admin.legal.needsConnection');
    setSaving(true);
    try {
      const terms = await publishTerms({
        version: draft.version.trim(),
        title: draft.title.trim(),
        content: draft.content.trim(),
      });
      setCurrent(terms);
      showToast({
        title: t('admin.legal.published'),
        message: t('admin.legal.version', { version: terms.version }),
      });
      return undefined;
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) return err.message;
      if (!(err instanceof ApiError)) return t('admin.legal.needsConnection');
      return t('admin.legal.publishError');
    } finally {
      setSaving(false);
    }
  }

  return { current, saving, publish };
}
