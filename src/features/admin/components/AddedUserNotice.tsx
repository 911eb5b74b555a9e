import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AddedUser } from '../hooks/useAddUser.ts';

/** The new user's temporary password, shown this once: the admin passes it on. */
export function AddedUserNotice({ user, onDone }: { user: AddedUser; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="green" title={t('admin.users.addedTitle', { name: user.name })} role="status">
      <Stack gap="xs">
        <Text size="sm">{t('admin.users.passwordOnce', { email: user.email })}</Text>
        <Group gap="xs">
          <Code aria-label={t('admin.users.temporaryPassword')} fz="md">
            {user.password}
          </Code>
          <CopyButton value={user.password}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? t('admin.users.copied') : t('admin.users.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group>
          <Button size="xs" onClick={onDone}>
            {t('admin.users.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
