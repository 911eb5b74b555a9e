/**
 * Computes a batch of dashboard cards from the device database: every column the batch needs is
 * read once per table (through the row index, never full rows) and shared by its cards; names,
 * deal stage labels, views and positions are read once per batch too. Runs in the card worker,
 * or on the main thread where there are no workers (tests).
 */
// biome-ignore lint/style/noRestrictedImports: a worker's code opens its own connection to the device database (src/device/README.md, rule 5)
import type { DashboardCardReader, NameMaps, Position } from '#src/db/queries/dashboardCards.ts';
import {
  type CardConfig,
  type CardResult,
  type CardType,
  DEFAULT_CARD_LIMIT,
} from '#src/domain/dashboard/cards.ts';
import { type ComputeOptions, cardColumns, computeCardSafely } from '#src/domain/dashboard/computeCard.ts';
import { metricCardResult } from '#src/domain/dashboard/metricCard.ts';
import type { DealStage } from '#src/domain/dealStages.ts';
import type { LeaderboardRows } from '#src/domain/leaderboard.ts';
import { type CardMetric, type MetricPeriod, metricFigures, metricPeriodRange } from '#src/domain/metrics.ts';
import type { Row } from '#src/domain/tables/query.ts';
import {
  type ColumnDefinition,
  TABLES,
  type TableKey,
  type ViewProperties,
} from '#src/domain/tables/registry.ts';

/** One card to compute. */
export interface CardRequest {
  id: string;
  type: CardType;
  config: CardConfig;
}

/** One card's answer: its result, or why it has none. */
export interface CardAnswer {
  id: string;
  result?: CardResult;
  error?: string;
}

type Display = NonNullable<ComputeOptions['display']>;

/** How a value reads on a card: names for user, team and region ids, labels for stages and statuses. */
export function cardDisplay(names: NameMaps, stages: readonly DealStage[]): Display {
  const stageLabels = new Map<string, string>();
  const statusLabels = new Map<string, string>();
  for (const stage of stages) {
    stageLabels.set(stage.value, stage.label);
    for (const option of stage.options) statusLabels.set(option.value, option.label);
  }
  const named = (map: Map<string, string>, v: unknown) => {
    const id = String(v);
    return map.get(id) || id;
  };
  return (column: ColumnDefinition, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    switch (column.type) {
      case 'user':
        return named(names.users, value);
      case 'users':
        return Array.isArray(value)
          ? value.map((v) => named(names.users, v)).join(', ')
          : named(names.users, value);
      case 'team':
        return named(names.teams, value);
      case 'region':
        return named(names.regions, value);
      case 'stage':
        return named(stageLabels, value);
      case 'status':
        return named(statusLabels, value);
      default:
        return Array.isArray(value) ? value.join(', ') : String(value);
    }
  };
}

function knownCard(card: CardRequest): boolean {
  return !!card.config && typeof card.config === 'object' && !!TABLES[card.config.table as TableKey];
}

const NAMED_TYPES = new Set(['user', 'users', 'team', 'region']);

/** The rows each period of the batch's metric cards counts, read once per period. */
async function readMetricRows(
  reader: DashboardCardReader,
  cards: readonly CardRequest[],
  now: number,
): Promise<Map<MetricPeriod, LeaderboardRows>> {
  const periods = [...new Set(cards.map((c) => (c.config.metric as CardMetric).period))];
  const read = await Promise.all(
    periods.map((p) => {
      const { start, end } = metricPeriodRange(p, new Date(now));
      return reader.metricRows(start, end);
    }),
  );
  return new Map(periods.map((p, i) => [p, read[i] as LeaderboardRows]));
}

/** A metric card's answer, by the metric's one definition (src/domain/metrics.ts). */
function metricAnswer(
  card: CardRequest,
  rowsByPeriod: ReadonlyMap<MetricPeriod, LeaderboardRows>,
  names: NameMaps | undefined,
  now: number,
): CardAnswer {
  const metric = card.config.metric as CardMetric;
  const rows = rowsByPeriod.get(metric.period);
  if (!rows) return { id: card.id, error: 'The figures of this card could not be read.' };
  const figures = metricFigures(rows, metric.key, metricPeriodRange(metric.period, new Date(now)));
  const nameOf = (id: string) => names?.users.get(id) ?? '';
  const result = metricCardResult(card.type, figures, nameOf, card.config.limit ?? DEFAULT_CARD_LIMIT);
  return result ? { id: card.id, result } : { id: card.id, error: 'A map card cannot show a figure.' };
}

export class CardComputer {
  private readonly reader: DashboardCardReader;

  constructor(reader: DashboardCardReader) {
    this.reader = reader;
  }

  /**
   * Answers every card of the batch (in its order); a card's problem never fails the others. When
   * the map cards' positions are still being read, `early` hears the other cards' answers first.
   */
  async computeBatch(
    cards: readonly CardRequest[],
    now = Date.now(),
    early?: (answers: CardAnswer[]) => void,
  ): Promise<CardAnswer[]> {
    const known = cards.filter(knownCard);
    // The views the cards start from, read first: their filters add columns to read.
    const views = new Map<string, ViewProperties | undefined>();
    await Promise.all(
      known
        .filter((c) => c.config.view_id)
        .map(async (c) => {
          const key = `${c.config.table}:${c.config.view_id}`;
          if (!views.has(key)) views.set(key, undefined);
          views.set(key, await this.reader.view(c.config.table, c.config.view_id as string));
        }),
    );
    const viewOf = (c: CardRequest) =>
      c.config.view_id ? views.get(`${c.config.table}:${c.config.view_id}`) : undefined;

    const columnsByTable = new Map<TableKey, Set<string>>();
    let needNames = false;
    let needStages = false;
    let needPositions = false;
    const metricCards = known.filter((c) => c.config.metric);
    for (const card of known) {
      if (card.config.metric) continue;
      const table = TABLES[card.config.table];
      const columns = new Set(cardColumns(card.type, card.config));
      const view = viewOf(card);
      if (view) {
        for (const f of view.query.filters) columns.add(f.field);
        if (card.type === 'table') for (const r of view.query.sort) columns.add(r.field);
        if (view.query.search.trim()) for (const c of view.columns) columns.add(c);
      }
      const set = columnsByTable.get(table.key) ?? new Set<string>();
      for (const c of columns) set.add(c);
      columnsByTable.set(table.key, set);
      for (const c of table.columns) {
        if (!columns.has(c.key)) continue;
        if (NAMED_TYPES.has(c.type)) needNames = true;
        if (c.type === 'stage' || c.type === 'status') needStages = true;
      }
      if (card.type === 'map' && table.key === 'contacts') needPositions = true;
    }

    // One read of each table's needed columns, shared by the batch's cards.
    const tables = [...columnsByTable];
    // The positions (a map card's) are read beside the rows and awaited last.
    let positionsRead = false;
    const reading = needPositions
      ? this.reader.contactPositions().finally(() => {
          positionsRead = true;
        })
      : undefined;
    // A failed read is answered on the map cards below, not left unhandled meanwhile.
    reading?.catch(() => {});
    const [rowLists, names, stages, metricRows] = await Promise.all([
      Promise.all(tables.map(([table, columns]) => this.reader.rows(table, [...columns].sort()))),
      needNames || metricCards.length ? this.reader.names() : undefined,
      needStages ? this.reader.stages() : undefined,
      readMetricRows(this.reader, metricCards, now),
    ]);
    const rowsOf = new Map<TableKey, readonly Row[]>(tables.map(([table], i) => [table, rowLists[i] ?? []]));
    const display = cardDisplay(
      names ?? { users: new Map(), teams: new Map(), regions: new Map() },
      stages ?? [],
    );

    const answer = (card: CardRequest, positions?: ReadonlyMap<string, Position>): CardAnswer => {
      if (!knownCard(card))
        return { id: card.id, error: `There is no table “${String(card.config?.table)}”.` };
      const view = viewOf(card);
      if (card.config.view_id && !view)
        return { id: card.id, error: 'The view this card starts from no longer exists.' };
      if (card.config.metric) return metricAnswer(card, metricRows, names, now);
      const options: ComputeOptions = {
        display,
        now,
        ...(view ? { view: { ...view.query, searchColumns: view.columns }, sort: view.query.sort } : {}),
        ...(positions ? { position: (row: Row) => positions.get(String(row._id)) } : {}),
      };
      const computed = computeCardSafely(
        card.type,
        card.config,
        rowsOf.get(card.config.table) ?? [],
        options,
      );
      return 'result' in computed
        ? { id: card.id, result: computed.result }
        : { id: card.id, error: computed.error };
    };
    const placed = (card: CardRequest) => card.type === 'map' && needPositions && knownCard(card);
    const answers = new Map<string, CardAnswer>();
    for (const card of cards) if (!placed(card)) answers.set(card.id, answer(card));
    if (early && !positionsRead && answers.size > 0 && answers.size < cards.length)
      early([...answers.values()]);
    if (reading) {
      try {
        const positions = await reading;
        for (const card of cards) if (placed(card)) answers.set(card.id, answer(card, positions));
      } catch (err) {
        const error = `The contacts' positions could not be read: ${err instanceof Error ? err.message : String(err)}`;
        for (const card of cards) if (placed(card)) answers.set(card.id, { id: card.id, error });
      }
    }
    return cards.map((card) => answers.get(card.id) ?? answer(card));
  }
}
