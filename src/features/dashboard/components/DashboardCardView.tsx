import { Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CardState } from '../engine/index.ts';
import type { DashboardCard } from '../hooks/useDashboardPage.ts';
import type { CardMove } from '../utils/placement.ts';
import { CardBody } from './CardBody.tsx';
import { CardMenu } from './CardMenu.tsx';

interface DashboardCardViewProps {
  card: DashboardCard;
  state: CardState | undefined;
  canEdit: boolean;
  draggable: boolean;
  onMove(move: CardMove): void;
  onEdit(): void;
  onRemove(): void;
}

/** One card: its title (the drag handle on a wide screen), its menu, the period of a metric's figure, and what it shows. */
export function DashboardCardView({
  card,
  state,
  canEdit,
  draggable,
  onMove,
  onEdit,
  onRemove,
}: DashboardCardViewProps) {
  const { t } = useTranslation('dashboard');
  const period = card.config.metric?.period;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="100%"
      component="section"
      aria-label={card.title}
      data-card-id={card.id}
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb={4}>
        <Title
          order={2}
          size="h5"
          className={draggable ? 'dashboard-card-handle' : undefined}
          style={{ cursor: draggable ? 'move' : undefined, flex: 1, minWidth: 0 }}
          lineClamp={1}
        >
          {card.title}
        </Title>
        {canEdit && <CardMenu title={card.title} onMove={onMove} onEdit={onEdit} onRemove={onRemove} />}
      </Group>
      {/* A figure shared with the leaderboard says which period it counts. */}
      {period && (
        <Text size="xs" c="dimmed" mt={-4} mb={4}>
          {t(`dashboard.card.periods.${period}`)}
        </Text>
      )}
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <CardBody card={card} state={state} />
      </div>
    </Paper>
  );
}
