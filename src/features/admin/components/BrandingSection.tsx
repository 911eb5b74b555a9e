import { Alert, Button, ColorInput, Group, Image, Loader, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgBranding } from '#src/device/hooks/useBranding.ts';
import { type BrandingDraft, useBrandingEditor } from '../hooks/useBrandingEditor.ts';
import { SettingsSectionFrame } from './SettingsSectionFrame.tsx';

/** The spec's two region fills and the app's blues: quick picks beside any #RRGGBB. */
const SWATCHES = ['#1864ab', '#21A1D6', '#0b7285', '#2b8a3e', '#e8590c', '#862e9c'];

const draftOf = (b: OrgBranding): BrandingDraft => ({
  name: b.org_name ?? '',
  logo_url: b.logo_url ?? '',
  primary_color: b.primary_color ?? '',
});

function BrandingForm({ current }: { current: OrgBranding }) {
  const { t } = useTranslation('admin');
  const editor = useBrandingEditor();
  const [draft, setDraft] = useState(() => draftOf(current));
  const [error, setError] = useState<string>();
  const set = (patch: Partial<BrandingDraft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(await editor.save(draft));
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={t('admin.branding.title')}>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert" title={t('admin.branding.notSaved')}>
            {error}
          </Alert>
        )}
        <TextInput
          label={t('admin.branding.name')}
          required
          value={draft.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <TextInput
          label={t('admin.branding.logo')}
          description={t('admin.branding.logoHelp')}
          type="url"
          value={draft.logo_url}
          onChange={(e) => set({ logo_url: e.currentTarget.value })}
        />
        {draft.logo_url.startsWith('https://') && (
          <Image src={draft.logo_url} alt={t('admin.branding.logoPreview')} h={48} w="auto" fit="contain" />
        )}
        <ColorInput
          label={t('admin.branding.color')}
          description={t('admin.branding.colorHelp')}
          format="hex"
          withEyeDropper={false}
          swatches={SWATCHES}
          value={draft.primary_color}
          onChange={(value) => set({ primary_color: value })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={editor.saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Settings → branding: the org's name, logo and primary colour, shown in every member's header. */
export function BrandingSection() {
  const { t } = useTranslation('admin');
  const { current } = useBrandingEditor();
  return (
    <SettingsSectionFrame title={t('admin.branding.title')}>
      {current ? (
        <BrandingForm current={current} />
      ) : (
        <Loader size="sm" aria-label={t('admin.branding.loading')} />
      )}
    </SettingsSectionFrame>
  );
}
