import { Alert, Badge, Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '../hooks/useUserAdmin.ts';

/** Finds users by name or email on the server, deleted ones too, and picks one to change. */
export function FindUser({
  find,
  onPick,
}: {
  find: (q: string) => Promise<{ users: ManagedUser[] } | { error: string }>;
  onPick: (user: ManagedUser) => void;
}) {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [found, setFound] = useState<ManagedUser[]>();
  const [error, setError] = useState<string>();

  async function search(event: FormEvent) {
    event.preventDefault();
    if (!q.trim()) return;
    const answer = await find(q);
    if ('error' in answer) {
      setError(answer.error);
      return;
    }
    setError(undefined);
    setFound(answer.users);
  }

  return (
    <Stack gap="xs">
      <form onSubmit={(e) => void search(e)} aria-label={t('admin.users.findTitle')}>
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t('admin.users.findLabel')}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default">
            {t('admin.users.find')}
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {found && found.length === 0 && <Text size="sm">{t('admin.users.noneFound')}</Text>}
      {found && found.length > 0 && (
        <Stack
          gap={4}
          component="ul"
          aria-label={t('admin.users.found')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {found.map((user) => (
            <li key={user._id}>
              <UnstyledButton onClick={() => onPick(user)} w="100%" p={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {user.name} · {user.email}
                  </Text>
                  {!user.status && (
                    <Badge color="red" variant="light">
                      {t('admin.users.deletedBadge')}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
