import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INVITE_DAYS } from '#src/domain/invites.ts';
import type { AddedUser } from '../hooks/useAddUser.ts';

/** The new user's temporary password or invite link, shown this once: the admin passes it on. */
export function AddedUserNotice({ user, onDone }: { user: AddedUser; onDone: () => void }) {
  const { t } = useTranslation(['admin', 'users']);
  const secret = user.inviteUrl ?? user.password ?? '';
  return (
    <Alert
      color="green"
      title={t(user.inviteUrl ? 'users:userManager.invitedTitle' : 'admin.users.addedTitle', {
        name: user.name,
      })}
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm">
          {user.inviteUrl
            ? t('users:userManager.inviteOnce', { email: user.email, days: INVITE_DAYS })
            : t('admin.users.passwordOnce', { email: user.email })}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code
            aria-label={t(user.inviteUrl ? 'users:userManager.inviteLink' : 'admin.users.temporaryPassword')}
            fz="md"
            style={{ wordBreak: 'break-all' }}
          >
            {secret}
          </Code>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied
                  ? t('admin.users.copied')
                  : t(user.inviteUrl ? 'users:userManager.copyLink' : 'admin.users.copy')}
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
