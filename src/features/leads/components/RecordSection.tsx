import { ActionIcon, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import { Section } from './Section.tsx';

const LIST_STYLE = { listStyle: 'none' } as const;

/** How a section lists its records. */
export interface RecordList<T> {
  /** The list's accessible name. */
  label?: string;
  /** The text shown when there are no records. */
  empty: string;
  layout?: 'stack' | 'grid';
  /** One `li` per record (with its key), for the stack and grid layouts. */
  item?(record: T, index: number): ReactNode;
  /** The whole list, for a layout of its own (a table). */
  render?(records: readonly T[]): ReactNode;
}

/**
 * The building block of the lead-detail sections: a titled Section with its header action (the
 * add or edit button, left out when the user may not change), the records as a labelled list (or
 * the "none" text), the section's editor (children) and the delete confirmation. The add/edit/delete
 * state and its toasts come from `useRecordSection`.
 */
export function RecordSection<T>({
  title,
  action,
  actions,
  records,
  list,
  children,
  confirm,
}: {
  title: string;
  /** The header button (size xs); give `actions` instead for anything else. */
  action?: { label: string; onClick(): void; variant?: 'light' } | false;
  actions?: ReactNode;
  /** The records; when given, the section shows `list` or, with none, its `empty` text. */
  records?: readonly T[];
  list?: RecordList<T>;
  children?: ReactNode;
  confirm?: {
    title: string;
    question: string;
    record: T | undefined;
    onConfirm(record: T): void;
    onClose(): void;
  };
}) {
  const { t } = useTranslation('leads');
  const header = action ? (
    <Button size="xs" variant={action.variant} onClick={action.onClick}>
      {action.label}
    </Button>
  ) : (
    actions
  );
  return (
    <Section title={title} actions={header}>
      {records && list && (records.length ? renderList(records, list) : <Empty text={list.empty} />)}
      {children}
      {confirm && (
        <ConfirmDialog
          opened={!!confirm.record}
          title={confirm.title}
          message={confirm.question}
          confirmLabel={t('leadDetail.confirm')}
          onConfirm={() => {
            if (confirm.record) confirm.onConfirm(confirm.record);
          }}
          onClose={confirm.onClose}
        />
      )}
    </Section>
  );
}

function renderList<T>(records: readonly T[], list: RecordList<T>) {
  if (list.render) return list.render(records);
  const items = list.item ? records.map(list.item) : null;
  return list.layout === 'grid' ? (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 3 }}
      p={0}
      m={0}
      style={LIST_STYLE}
      aria-label={list.label}
    >
      {items}
    </SimpleGrid>
  ) : (
    <Stack component="ul" gap="xs" p={0} m={0} style={LIST_STYLE} aria-label={list.label}>
      {items}
    </Stack>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
}

/** The edit (✎) and delete (×) buttons of one record, each named after it. */
export function RecordActions({
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
}: {
  editLabel: string;
  onEdit(): void;
  deleteLabel: string;
  onDelete(): void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
        ✎
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
        ×
      </ActionIcon>
    </Group>
  );
}

/** Marks a record written on this device and not yet synced. */
export function PendingBadge({ pending }: { pending: unknown }) {
  const { t } = useTranslation('leads');
  return pending ? (
    <Badge color="orange" variant="light" size="xs">
      {t('leadDetail.notSynced')}
    </Badge>
  ) : null;
}
