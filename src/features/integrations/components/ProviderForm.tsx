import { Button, Group, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Provider } from '#src/domain/schemas/integrations.ts';
import type { MessageKey } from '#src/ui/messages.ts';
import type { ProviderDraft } from '../hooks/useProviderAdmin.ts';

interface Props {
  provider?: Provider | undefined;
  busy: boolean;
  onSave(draft: ProviderDraft): Promise<unknown>;
  onCancel?: () => void;
}

const draftOf = (p?: Provider): ProviderDraft => ({
  key: p?.key ?? '',
  name: p?.name ?? '',
  client_id: p?.client_id ?? '',
  client_secret: '',
  authorize_url: p?.authorize_url ?? '',
  token_url: p?.token_url ?? '',
  revoke_url: p?.revoke_url ?? '',
  scopes: p?.scopes.join(' ') ?? '',
  enabled: p?.enabled ?? true,
});

/** A provider's settings; the client secret is write-only (shown as set or not set). */
export function ProviderForm({ provider, busy, onSave, onCancel }: Props) {
  const { t } = useTranslation('integrations');
  const [draft, setDraft] = useState<ProviderDraft>(() => draftOf(provider));
  const field = (name: keyof ProviderDraft) => ({
    value: String(draft[name]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      // Read now: the event's target is gone by the time the updater runs.
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [name]: value }));
    },
  });
  const f = (key: string) => t(`integrations.providers.fields.${key}` as MessageKey<'integrations'>);
  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(e) => {
        e.preventDefault();
        void onSave(draft).then((saved) => {
          if (saved && !provider) setDraft(draftOf());
        });
      }}
    >
      <Group grow wrap="wrap" align="flex-start">
        <TextInput label={f('name')} required {...field('name')} />
        <TextInput label={f('key')} description={f('keyHelp')} required {...field('key')} />
      </Group>
      <TextInput label={f('clientId')} required {...field('client_id')} />
      <PasswordInput
        label={f('clientSecret')}
        description={provider?.client_secret_set ? f('secretSet') : f('secretNotSet')}
        autoComplete="new-password"
        {...field('client_secret')}
      />
      <TextInput label={f('authorizeUrl')} type="url" required {...field('authorize_url')} />
      <TextInput label={f('tokenUrl')} type="url" required {...field('token_url')} />
      <TextInput label={f('revokeUrl')} type="url" {...field('revoke_url')} />
      <TextInput label={f('scopes')} description={f('scopesHelp')} {...field('scopes')} />
      <Switch
        label={f('enabled')}
        checked={draft.enabled}
        onChange={(e) => {
          const enabled = e.currentTarget.checked;
          setDraft((d) => ({ ...d, enabled }));
        }}
      />
      <Group gap="sm">
        <Button type="submit" loading={busy}>
          {provider ? t('common.save') : t('integrations.providers.add')}
        </Button>
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
