import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '#src/api/appClient.ts';
import { serverFailure } from '#src/api/serverFailure.ts';
import { useBranding } from '#src/device/hooks/useBranding.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { useServerAction } from '#src/device/hooks/useServerData.ts';
import { BRANDING_KEY, type Branding, brandingSchema } from '#src/domain/schemas/interfaces.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { showToast } from '#src/ui/toasts.tsx';

export interface BrandingDraft {
  name: string;
  logo_url: string;
  primary_color: string;
}

/**
 * The org's branding: its name is the org record (saved through the record commands, offline
 * too); its logo and colour are an org configuration only the server stores, so they need a
 * connection. `save` answers the error to show, if any; nothing typed is lost on an error.
 */
export function useBrandingEditor() {
  const { t } = useTranslation('admin');
  const current = useBranding();
  const { saveRecord } = useCommands();
  const [saving, setSaving] = useState(false);
  const words = { offline: t('admin.branding.needsConnection'), failed: t('admin.branding.saveError') };
  const action = useServerAction(words);

  async function save(draft: BrandingDraft): Promise<string | undefined> {
    if (!current) return undefined;
    const branding: Branding = {
      logo_url: draft.logo_url.trim() || null,
      primary_color: draft.primary_color.trim() || null,
    };
    const checked = brandingSchema.safeParse(branding);
    if (!checked.success) return describeZodError(checked.error);
    const name = draft.name.trim();
    if (!name) return t('admin.branding.nameRequired');
    const brandingChanged =
      branding.logo_url !== current.logo_url || branding.primary_color !== current.primary_color;
    setSaving(true);
    try {
      if (brandingChanged) {
        const sent = await action.run(() =>
          api.request('/api/v2/interfaces/edit', {
            method: 'POST',
            body: { key: BRANDING_KEY, type: 'config', data: branding },
          }),
        );
        if (!sent.ok) return sent.error;
      }
      if (current.org_row_id && name !== current.org_name)
        await saveRecord('orgs', current.org_row_id, { name });
      showToast({ title: t('admin.branding.saved'), message: name });
      return undefined;
    } catch (err) {
      return serverFailure(err, words);
    } finally {
      setSaving(false);
    }
  }

  return { current, saving, save };
}
