import { Button, Group, Loader, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RowSelectionState } from '@tanstack/react-table';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { EntityRow } from '../../db/rows.ts';
import { useActor } from '../../device/hooks/useActor.ts';
import { useCommands } from '../../device/hooks/useCommands.ts';
import { useDealStages } from '../../device/hooks/useDealStages.ts';
import { useLiveRows } from '../../device/hooks/useTableRows.ts';
import { useRegions, useTeams } from '../../device/hooks/useTeams.ts';
import { useUsers } from '../../device/hooks/useUsers.ts';
import { toCsv } from '../../domain/csv.ts';
import { can } from '../../domain/permissions.ts';
import { VIEW_TYPES, type ViewTypeName } from '../../domain/schemas/records.ts';
import { filterRows, type SortRule, sortRows } from '../../domain/tables/query.ts';
import {
  type ColumnDefinition,
  canListTable,
  type TableDefinition,
  tablesForRole,
  type ViewProperties,
} from '../../domain/tables/registry.ts';
import { downloadCsv } from '../../ui/downloadCsv.ts';
import { ColumnMenu } from './ColumnMenu.tsx';
import { ContactNameCell, ContactStatusCell, statusOptions } from './ContactCells.tsx';
import { DataTable } from './DataTable.tsx';
import { FilterBuilder } from './FilterBuilder.tsx';
import { RowDrawer } from './RowDrawer.tsx';
import { useDisplay } from './useDisplay.ts';
import { useTableView } from './useTableView.ts';
import { ViewBar } from './ViewBar.tsx';
import type { TableViewProps } from './viewProps.ts';

// The other view types live in ../tableViews, one file each, loaded when first shown.
const VIEW_MODULES = import.meta.glob<{ default: ComponentType<TableViewProps> }>('../tableViews/*View.tsx');
const VIEW_FILES: Record<Exclude<ViewTypeName, 'grid'>, string> = {
  board: '../tableViews/BoardView.tsx',
  calendar: '../tableViews/CalendarView.tsx',
  gallery: '../tableViews/GalleryView.tsx',
  map: '../tableViews/MapView.tsx',
  form: '../tableViews/FormView.tsx',
};
const lazyViews = new Map<string, ComponentType<TableViewProps>>();
function viewComponent(type: Exclude<ViewTypeName, 'grid'>): ComponentType<TableViewProps> | undefined {
  const file = VIEW_FILES[type];
  const load = VIEW_MODULES[file];
  if (!load) return undefined;
  let component = lazyViews.get(file);
  if (!component) {
    component = lazy(load);
    lazyViews.set(file, component);
  }
  return component;
}

function typeName(viewType: number): ViewTypeName {
  return (Object.entries(VIEW_TYPES).find(([, n]) => n === viewType)?.[0] as ViewTypeName) ?? 'grid';
}

/** One registry table at its path: tabs, saved views, the toolbar and the view. */
export function TablePage({ table, active = true }: { table: TableDefinition; active?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { editLead } = useCommands();
  const actor = useActor();
  const display = useDisplay();
  const state = useTableView(table, actor);
  const { properties, readOnly, view } = state;
  const isContacts = table.key === 'contacts';
  const label = isContacts ? t('contacts.title') : table.label;

  const queryRuns = useRef(0);
  // Out of sight, a kept-alive screen stops reading (a knock on the map must not re-read 100,000
  // contacts) and shows what it had until its fresh read lands on return.
  const lastLoaded = useRef<{ run: number; rows: EntityRow[] } | undefined>(undefined);
  const read = useLiveRows(
    table.dexieTable,
    async (readRows) => {
      if (!active) return lastLoaded.current;
      const run = ++queryRuns.current;
      lastLoaded.current = { run, rows: await readRows() };
      return lastLoaded.current;
    },
    [active],
  );
  const loaded = read ?? lastLoaded.current;
  // Rows this screen just wrote show at once, until a read that started after the write brings them.
  const [written, setWritten] = useState<{ beforeRun: number; rows: Map<string, EntityRow> }>({
    beforeRun: 0,
    rows: new Map(),
  });
  const rows = useMemo(() => {
    if (!loaded) return undefined;
    if (loaded.run > written.beforeRun || written.rows.size === 0) return loaded.rows;
    return loaded.rows.map((r) => written.rows.get(r._id) ?? r);
  }, [loaded, written]);

  const visible = useMemo(
    () => properties.columns.filter((key) => table.columns.some((c) => c.key === key)),
    [properties.columns, table],
  );
  const queryStarted = useRef(false);
  // Sorted once per sort order and then filtered (filtering keeps the order): a filter change
  // over 100,000 rows costs a filter pass, not a sort; the last few orders are kept for flipping.
  const sortCache = useRef<{
    rows: EntityRow[] | undefined;
    display: unknown;
    byKey: Map<string, EntityRow[]>;
  }>({
    rows: undefined,
    display: undefined,
    byKey: new Map(),
  });
  const sortKey = JSON.stringify(properties.query.sort);
  const sortedRows = useMemo(() => {
    if (!rows) return [];
    const cache = sortCache.current;
    if (cache.rows !== rows || cache.display !== display) {
      cache.rows = rows;
      cache.display = display;
      cache.byKey.clear();
    }
    let sorted = cache.byKey.get(sortKey);
    if (!sorted) {
      sorted = sortRows(rows, JSON.parse(sortKey) as SortRule[], table.columns, { display });
      if (cache.byKey.size >= 4) cache.byKey.delete(cache.byKey.keys().next().value as string);
      cache.byKey.set(sortKey, sorted);
    }
    return sorted;
  }, [rows, sortKey, table.columns, display]);
  const { filters, match, search } = properties.query;
  const shownRows = useMemo(
    () =>
      filterRows(sortedRows, { filters, match, search }, table.columns, { display, searchColumns: visible }),
    [sortedRows, filters, match, search, table.columns, display, visible],
  );
  // Marks for the benchmark and monitoring: from a query change to the grid painted with its rows.
  const firstShown = useRef(false);
  useEffect(() => {
    if (!rows) return;
    const first = !firstShown.current;
    const afterQuery = queryStarted.current;
    if (!first && !afterQuery) return;
    firstShown.current = true;
    queryStarted.current = false;
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (first) performance.mark('table-first-rendered', { detail: { table: table.key } });
        if (afterQuery)
          performance.mark('table-rendered', { detail: { table: table.key, rows: shownRows.length } });
      }, 0),
    );
  }, [shownRows, rows, table.key]);

  const update = useCallback(
    (patch: Partial<ViewProperties>) => {
      if (patch.query) {
        queryStarted.current = true;
        performance.mark('table-query-start', { detail: { table: table.key } });
      }
      state.update(patch);
    },
    [state, table.key],
  );

  const [selection, setSelection] = useState<RowSelectionState>({});
  const scrollTop = useRef(0);
  const [drawerId, setDrawerId] = useState<string | null>(null);
  const openRow = useCallback(
    (id: string) => (isContacts ? navigate(`/contacts/${id}`) : setDrawerId(id)),
    [isContacts, navigate],
  );

  // Choices for the filter builder's select-like columns.
  const stages = useDealStages();
  const statusData = useMemo(() => statusOptions(stages), [stages]);
  const users = useUsers();
  const teams = useTeams();
  const regions = useRegions();
  const people = useMemo(() => ({ users, teams, regions }), [users, teams, regions]);
  const choices = useCallback(
    (column: ColumnDefinition) => {
      const named = (list: EntityRow[] | undefined) =>
        (list ?? []).map((r) => ({ value: r._id, label: String(r.name ?? r._id) }));
      switch (column.type) {
        case 'status':
          return stages.flatMap((s) =>
            s.options.map((o) => ({ value: o.value, label: `${s.label}: ${o.label}` })),
          );
        case 'stage':
          return stages.map((s) => ({ value: s.value, label: s.label }));
        case 'user':
        case 'users':
          return named(people?.users);
        case 'team':
          return named(people?.teams);
        case 'region':
          return named(people?.regions);
        default:
          return (column.options ?? []).map((o) => ({ value: o, label: o }));
      }
    },
    [stages, people],
  );

  const changeStatus = useCallback(
    async (id: string, status: string) => {
      try {
        const row = await editLead(id, { deal_stage_status: status });
        const committedAfterRun = queryRuns.current;
        if (row) {
          setWritten((w) => {
            const next = new Map(w.beforeRun === committedAfterRun ? w.rows : undefined);
            next.set(id, row);
            return { beforeRun: committedAfterRun, rows: next };
          });
        }
      } catch (err) {
        notifications.show({
          color: 'red',
          title: t('toast.contactError'),
          message: err instanceof Error ? err.message : String(err),
        });
      }
    },
    [editLead, t],
  );
  const mayChangeStatus = can(actor, 'contacts.status');
  const renderCell = useMemo(
    () =>
      isContacts
        ? (column: ColumnDefinition, row: EntityRow): ReactNode | undefined => {
            const name = String(row.name ?? '');
            if (column.key === 'name')
              return <ContactNameCell id={row._id} name={name} pending={!!row.pending} />;
            if (column.key === 'deal_stage_status')
              return (
                <ContactStatusCell
                  id={row._id}
                  name={name}
                  status={String(row.deal_stage_status ?? '')}
                  statusData={statusData}
                  disabled={!mayChangeStatus}
                  onStatus={changeStatus}
                />
              );
            return undefined;
          }
        : undefined,
    [isContacts, statusData, changeStatus, mayChangeStatus],
  );

  const exportCsv = () => {
    const columns = visible.map((key) => table.columns.find((c) => c.key === key) as ColumnDefinition);
    const csv = toCsv(
      columns.map((c) => ({ key: c.key, label: c.label, value: (row) => display(c, row[c.key]) })),
      shownRows,
    );
    downloadCsv(`${table.key}-${String(view.name ?? 'view')}`, csv);
  };

  // A kept-alive screen out of sight keeps its state here but none of its controls in the page.
  if (!active) return null;

  if (!canListTable(actor, table.key)) {
    return (
      <Stack>
        <Title order={2}>{label}</Title>
        <Text>{t('tables.noAccess')}</Text>
      </Stack>
    );
  }

  const tabs = tablesForRole(actor);
  const type = typeName(Number(view.view_type ?? VIEW_TYPES.grid));
  const selected = Object.keys(selection).length;
  const OtherView = type === 'grid' ? undefined : viewComponent(type);

  return (
    <Stack gap="sm">
      <Tabs
        value={table.key}
        onChange={(key) => key && navigate(tabs.find((x) => x.key === key)?.path ?? '/')}
      >
        <Tabs.List aria-label={t('tables.tabs')}>
          {tabs.map((x) => (
            <Tabs.Tab key={x.key} value={x.key}>
              {x.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group justify="space-between">
        <Title order={2}>{label}</Title>
        {isContacts && can(actor, 'contacts.create') && (
          <Group gap="xs">
            <Button component={Link} to="/contacts/import" variant="default">
              {t('leadImport.open')}
            </Button>
            <Button component={Link} to="/contacts/new">
              {t('contacts.add')}
            </Button>
          </Group>
        )}
      </Group>
      <ViewBar table={table} actor={actor} state={state} />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          size="xs"
          type="search"
          label={isContacts ? t('contacts.search') : t('tables.search', { table: table.label })}
          placeholder={t('common.searchPlaceholder')}
          value={properties.query.search}
          onChange={(e) => update({ query: { ...properties.query, search: e.currentTarget.value } })}
        />
        <FilterBuilder
          table={table}
          query={properties.query}
          readOnly={readOnly}
          choices={choices}
          onChange={(query) => update({ query })}
        />
        <ColumnMenu
          table={table}
          columns={properties.columns}
          readOnly={readOnly}
          onChange={(columns) => update({ columns })}
        />
        <Button size="xs" variant="default" onClick={exportCsv} disabled={!rows}>
          {t('tables.exportCsv')}
        </Button>
        <Text size="sm" c="dimmed" role="status" aria-label={t('tables.rowCount')}>
          {t('tables.count', { shown: shownRows.length, total: rows?.length ?? 0 })}
          {selected > 0 && ` · ${t('tables.selected', { count: selected })}`}
        </Text>
        {selected > 0 && (
          <Button size="xs" variant="subtle" onClick={() => setSelection({})}>
            {t('tables.clearSelection')}
          </Button>
        )}
      </Group>
      {!rows ? (
        <Loader size="sm" aria-label={t('tables.loading')} />
      ) : type === 'grid' ? (
        <DataTable
          table={table}
          rows={shownRows}
          properties={properties}
          readOnly={readOnly}
          display={display}
          label={label}
          scrollTop={scrollTop}
          selection={selection}
          onSelectionChange={setSelection}
          onChange={update}
          openRow={openRow}
          renderCell={renderCell}
        />
      ) : OtherView ? (
        <Suspense fallback={<Loader size="sm" />}>
          <OtherView
            table={table}
            rows={shownRows}
            view={view}
            readOnly={readOnly}
            updateView={update}
            openRow={openRow}
          />
        </Suspense>
      ) : (
        <Stack gap={4}>
          <Text fw={600}>{t(`tables.type.${type}`)}</Text>
          <Text c="dimmed">{t('tables.typeUnavailable')}</Text>
        </Stack>
      )}
      {!isContacts && (
        <RowDrawer
          table={table}
          row={drawerId ? rows?.find((r) => r._id === drawerId) : undefined}
          display={display}
          onClose={() => setDrawerId(null)}
        />
      )}
    </Stack>
  );
}
