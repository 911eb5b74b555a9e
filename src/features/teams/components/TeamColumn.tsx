import { useDroppable } from '@dnd-kit/core';
import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A team's column, where members are dropped. */
export function TeamColumn({
  team,
  name,
  count,
  children,
}: {
  team: string;
  name: string;
  count: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('teams');
  const { setNodeRef, isOver } = useDroppable({ id: team || 'none', data: { team: team || null } });
  return (
    <Paper
      withBorder
      p="sm"
      ref={setNodeRef}
      miw={240}
      style={{ outline: isOver ? '2px solid var(--mantine-primary-color-filled)' : undefined }}
    >
      <Title order={2} size="h5" mb={4}>
        {name}
      </Title>
      <Text size="xs" mb="xs">
        {t('teamManager.people', { count })}
      </Text>
      <Stack
        gap={6}
        component="ul"
        aria-label={t('teamManager.membersOf', { name })}
        style={{ padding: 0, margin: 0 }}
      >
        {children}
      </Stack>
    </Paper>
  );
}
