import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A vertical list reordered by drag, with the pointer or the keyboard (space to lift, arrows to
 * move, space to drop), announced in the language shown. `onMove` gets the drop's positions.
 */
export function SortableList({
  ids,
  labels,
  onMove,
  children,
}: {
  ids: string[];
  /** What each item is called, for the screen-reader announcements. */
  labels: ReadonlyMap<string, string>;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: string | number | undefined) => labels.get(String(id)) ?? String(id ?? '');
  const position = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        // Its instructions and live region go to the body: inside a list they would not be items.
        container: document.body,
        screenReaderInstructions: { draggable: t('admin.stages.dragInstructions') },
        announcements: {
          onDragStart: ({ active }) => t('admin.stages.lifted', { name: name(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('admin.stages.over', { name: name(active.id), position: position(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? t('admin.stages.dropped', { name: name(active.id), position: position(over.id) })
              : undefined,
          onDragCancel: ({ active }) => t('admin.stages.cancelled', { name: name(active.id) }),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** An item of a {@link SortableList}: where it sits while dragged, and its drag handle named after it. */
export function useSortableItem(
  id: string,
  name: string,
): { ref: (node: HTMLElement | null) => void; style: CSSProperties; handle: ReactNode } {
  const { t } = useTranslation('admin');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return {
    ref: setNodeRef,
    style: {
      transform: CSS.Transform.toString(transform),
      transition,
      opacity: isDragging ? 0.7 : undefined,
    },
    handle: (
      <ActionIcon
        ref={setActivatorNodeRef}
        variant="subtle"
        color="gray"
        aria-label={t('admin.stages.drag', { name })}
        style={{ cursor: 'grab', touchAction: 'none' }}
        {...attributes}
        {...listeners}
      >
        ⠿
      </ActionIcon>
    ),
  };
}
