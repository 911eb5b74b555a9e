import { Group, Paper, Title } from '@mantine/core';
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

/** One card: its title (the drag handle on a wide screen), its menu, and what it shows. */
export function DashboardCardView({
  card,
  state,
  canEdit,
  draggable,
  onMove,
  onEdit,
  onRemove,
}: DashboardCardViewProps) {
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
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        <CardBody card={card} state={state} />
      </div>
    </Paper>
  );
}
