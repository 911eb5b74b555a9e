import { Box, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { GridLayout, type Layout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { GRID_COLUMNS } from '#src/domain/dashboard/cards.ts';
import type { CardState } from '../engine/index.ts';
import type { DashboardCard } from '../hooks/useDashboardPage.ts';
import type { CardMove } from '../utils/placement.ts';
import { readingOrder } from '../utils/placement.ts';
import { DashboardCardView } from './DashboardCardView.tsx';

export const ROW_HEIGHT = 64;

interface CardGridProps {
  cards: readonly DashboardCard[];
  results: ReadonlyMap<string, CardState>;
  canEdit: boolean;
  onArranged(layout: Layout): void;
  onMove(id: string, move: CardMove): void;
  onEdit(card: DashboardCard): void;
  onRemove(card: DashboardCard): void;
}

/**
 * The layout's cards: on a wide screen a 12-column grid where cards are dragged by their title
 * and resized from their corner (react-grid-layout); on a phone one column in reading order. The
 * card menu moves and resizes from the keyboard in both.
 */
export function CardGrid({ cards, results, canEdit, onArranged, onMove, onEdit, onRemove }: CardGridProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const view = (card: DashboardCard) => (
    <DashboardCardView
      card={card}
      state={results.get(card.id)}
      canEdit={canEdit}
      draggable={canEdit && !narrow}
      onMove={(move) => onMove(card.id, move)}
      onEdit={() => onEdit(card)}
      onRemove={() => onRemove(card)}
    />
  );

  if (narrow) {
    return (
      <Stack gap="md">
        {readingOrder(cards).map((card) => (
          <Box key={card.id} h={Math.max(2, card.placement.h) * ROW_HEIGHT}>
            {view(card)}
          </Box>
        ))}
      </Stack>
    );
  }
  const layout: Layout = cards.map((c) => ({ i: c.id, ...c.placement, minW: 1, minH: 1 }));
  return (
    <div ref={containerRef}>
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{
            cols: GRID_COLUMNS,
            rowHeight: ROW_HEIGHT,
            margin: [12, 12],
            containerPadding: [0, 0],
          }}
          dragConfig={{ enabled: canEdit, handle: '.dashboard-card-handle', cancel: 'button' }}
          resizeConfig={{ enabled: canEdit, handles: ['se'] }}
          onDragStop={(next) => onArranged(next)}
          onResizeStop={(next) => onArranged(next)}
        >
          {cards.map((card) => (
            <div key={card.id}>{view(card)}</div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
