import { Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ManagedUser, useUserAdmin } from '../hooks/useUserAdmin.ts';
import { EditUserPanel } from './EditUserPanel.tsx';
import { FindUser } from './FindUser.tsx';

/** The user manager's second half: find a user, then change, delete or restore them. */
export function ChangeUsers() {
  const { t } = useTranslation('admin');
  const { find, change, busy } = useUserAdmin();
  const [picked, setPicked] = useState<ManagedUser>();

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('admin.users.findTitle')}
        </Title>
        <FindUser find={find} onPick={setPicked} />
        {picked && (
          <EditUserPanel
            // A new form for each user (and after each change), holding what the server now says.
            key={`${picked._id}:${picked.status}:${picked.name}`}
            user={picked}
            busy={busy}
            onChange={async (next) => {
              const answer = await change(picked, next);
              if ('error' in answer) return answer.error;
              setPicked(answer);
              return undefined;
            }}
          />
        )}
      </Stack>
    </Paper>
  );
}
