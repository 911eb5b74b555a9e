import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserNames } from '#src/device/hooks/useUsers.ts';

/**
 * Who an automation runs as (whoever saved it last), by name; with `explained`, what that means
 * and that saving it makes it run as the one saving.
 */
export function RunsAs({
  userId,
  explained = false,
}: {
  userId: string | null | undefined;
  explained?: boolean;
}) {
  const { t } = useTranslation('automations');
  const names = useUserNames();
  if (!userId && !explained) return null;
  const name = (userId && names?.get(userId)) || t('automations.runsAsUnknown');
  return (
    <>
      {userId && <Text size="sm">{t('automations.runsAs', { name })}</Text>}
      {explained && (
        <Text size="sm" c="dimmed">
          {t('automations.runsAsExplained')}
        </Text>
      )}
    </>
  );
}
