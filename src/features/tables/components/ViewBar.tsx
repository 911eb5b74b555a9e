import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Actor } from '#src/domain/permissions.ts';
import { recordDenial } from '#src/domain/recordRules.ts';
import { VIEW_TYPES, type ViewTypeName } from '#src/domain/schemas/records.ts';
import type { TableDefinition } from '#src/domain/tables/registry.ts';
import { canMakeViewGlobal } from '#src/domain/tableViews.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import type { TableViewState } from '../hooks/useTableView.ts';
import { isNamedView } from '../utils/savedViews.ts';

const TYPE_ORDER: ViewTypeName[] = ['grid', 'board', 'calendar', 'gallery', 'map', 'form'];

/** The table's saved views: choose, add, rename, delete, make global, and the view type. */
export function ViewBar({
  table,
  actor,
  state,
}: {
  table: TableDefinition;
  actor: Actor;
  state: TableViewState;
}) {
  const { t } = useTranslation('tables');
  const { view, views, stored, readOnly } = state;
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const types = TYPE_ORDER.filter((type) => type !== 'form' || table.formBuilder);
  const viewType = Number(view.view_type ?? VIEW_TYPES.grid);
  // Whoever may not keep views of their own (Guests) only chooses among the shared ones.
  const keepsViews = recordDenial(actor, 'table_views', 'create', undefined) === undefined;

  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <NativeSelect
          size="xs"
          aria-label={t('tables.view')}
          value={view._id}
          onChange={(e) => state.select(e.currentTarget.value)}
          data={[
            // The plain default view stays on offer until the user has views of their own.
            ...(views.some((v) => v.created_by === actor.user_id)
              ? []
              : [{ value: '', label: String(state.defaultName) }]),
            ...views.map((v) => ({
              value: v._id,
              label: `${v.name ?? ''}${v.global ? ` (${t('tables.global')})` : ''}${v.is_workshop ? ` (${t('tables.workshop')})` : ''}`,
            })),
          ]}
        />
        {view.global ? (
          <Badge size="sm" variant="light">
            {t('tables.global')}
          </Badge>
        ) : null}
        {keepsViews && (
          <Button size="xs" variant="light" onClick={() => void state.create()}>
            {t('tables.newView')}
          </Button>
        )}
        {!readOnly && keepsViews && (
          <Button size="xs" variant="default" onClick={() => setRenaming(view.name ?? '')}>
            {t('tables.rename')}
          </Button>
        )}
        {!readOnly && stored && (
          <Button size="xs" variant="default" color="red" onClick={() => setDeleting(true)}>
            {t('tables.delete')}
          </Button>
        )}
        {canMakeViewGlobal(actor) && (
          <Button size="xs" variant="default" onClick={() => void state.setGlobal(!view.global)}>
            {view.global ? t('tables.removeGlobal') : t('tables.makeGlobal')}
          </Button>
        )}
        <SegmentedControl
          size="xs"
          aria-label={t('tables.viewType')}
          disabled={readOnly}
          value={String(viewType)}
          onChange={(v) => void state.setViewType(Number(v))}
          data={types.map((type) => ({ value: String(VIEW_TYPES[type]), label: t(`tables.type.${type}`) }))}
        />
      </Group>
      {readOnly && keepsViews && (
        <Text size="xs" c="dimmed" role="note">
          {view.global ? t('tables.globalReadOnly') : t('tables.othersReadOnly')}
        </Text>
      )}
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title={t('tables.renameTitle')}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const name = (renaming ?? '').trim();
            if (!name || isNamedView(name)) return;
            setRenaming(null);
            void state.rename(name);
          }}
        >
          <Stack>
            <TextInput
              label={t('tables.viewName')}
              data-autofocus
              value={renaming ?? ''}
              error={
                renaming !== null && !renaming.trim()
                  ? t('tables.nameRequired')
                  : renaming !== null && isNamedView(renaming)
                    ? t('tables.nameKept')
                    : undefined
              }
              onChange={(e) => setRenaming(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRenaming(null)}>
                {t('tables.cancel')}
              </Button>
              <Button type="submit">{t('tables.save')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title={t('tables.deleteTitle')}
        message={t('tables.deleteConfirm', { name: view.name ?? '' })}
        confirmLabel={t('tables.delete')}
        cancelLabel={t('tables.cancel')}
        onClose={() => setDeleting(false)}
        onConfirm={() => void state.remove()}
      />
    </Stack>
  );
}
