import { Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_SCOPES } from '#src/domain/apiKeys.ts';
import type { MessageKey } from '#src/ui/messages.ts';

interface Props {
  busy: boolean;
  onCreate(name: string, scopes: string[]): Promise<unknown>;
}

/** A new key: its name and the scopes from the fixed list. */
export function ApiKeyForm({ busy, onCreate }: Props) {
  const { t } = useTranslation('integrations');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['leads:read']);
  return (
    <Stack
      component="form"
      gap="sm"
      onSubmit={(e) => {
        e.preventDefault();
        void onCreate(name, scopes).then((made) => {
          if (made) setName('');
        });
      }}
    >
      <TextInput
        label={t('integrations.apiKeys.name')}
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <Checkbox.Group label={t('integrations.apiKeys.scopes')} value={scopes} onChange={setScopes}>
        <Group gap="md" mt={4}>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={t(`integrations.apiKeys.scope.${scope.replace(':', '_')}` as MessageKey<'integrations'>)}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <Button type="submit" loading={busy} w="fit-content" disabled={scopes.length === 0}>
        {t('integrations.apiKeys.create')}
      </Button>
    </Stack>
  );
}
