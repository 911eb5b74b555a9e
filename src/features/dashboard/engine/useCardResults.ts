import { useEffect, useMemo, useRef, useState } from 'react';
// biome-ignore lint/style/noRestrictedImports: the card engine reads the device database off the main thread (src/device/README.md, rule 5)
import { useDevice } from '#src/device/DeviceProvider.tsx';
import { useDashboardCardChanges } from '#src/device/hooks/useDashboardCardChanges.ts';
import {
  CARD_BATCH_SIZE,
  CARD_TYPES,
  type CardConfig,
  type CardResult,
  type CardType,
  cardConfigSchema,
} from '#src/domain/dashboard/cards.ts';
import type { TableKey } from '#src/domain/tables/registry.ts';
import type { CardAnswer, CardRequest } from './CardComputer.ts';
import { acquireCardEngine, type CardEngine } from './cardEngine.ts';

/** A card as the dashboard holds it. */
export interface DashboardCardInput {
  id: string;
  type: CardType;
  config: CardConfig;
  updated_at?: string | null;
}

/** What a card shows: its result (kept while a new one is computed), or why it has none. */
export interface CardState {
  result?: CardResult;
  error?: string;
  loading: boolean;
}

interface Computed {
  /** The card and the device state it was computed for. */
  key: string;
  result?: CardResult;
  error?: string;
}

/** A card checked before it is computed: what to send the engine, or why it cannot be. */
function prepare(card: DashboardCardInput): { request: CardRequest } | { error: string } {
  if (!(CARD_TYPES as readonly string[]).includes(card.type))
    return { error: `Unknown card type “${card.type}”.` };
  const parsed = cardConfigSchema.safeParse(card.config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { error: `The card's settings are not valid (${where}${issue?.message ?? 'unreadable'}).` };
  }
  return { request: { id: card.id, type: card.type, config: parsed.data as CardConfig } };
}

function cardKey(card: DashboardCardInput): string {
  return JSON.stringify([card.type, card.config, card.updated_at ?? null]);
}

/**
 * The dashboard's cards computed on the device, off the main thread (the card worker), in batches
 * of {@link CARD_BATCH_SIZE}; computed again when the rows, names, views or stages they read
 * change, or when a card changes (only that card). A card keeps its last result while its new one
 * is computed (`loading`). Marks `dashboard-cards-rendered` (detail: how many cards, how many
 * answered with an error) once every card first has an answer, after the frame that shows them.
 */
export function useCardResults(cards: readonly DashboardCardInput[]): Map<string, CardState> {
  const { db } = useDevice();
  const tables = cards.map((c) => c.config?.table).filter((t): t is TableKey => !!t);
  const viewIds = cards.map((c) => c.config?.view_id).filter((v): v is string => !!v);
  // A few records read, never rows: tells when the cards' tables, names, views or stages change.
  const changeKey = useDashboardCardChanges(
    tables,
    viewIds,
    cards.some((c) => !!c.config?.metric),
  );

  const [engine, setEngine] = useState<CardEngine | undefined>(undefined);
  // Bumped once when the engine's worker stops, for a new one (a second stop is left as errors).
  const [restarts, setRestarts] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a restart takes a new engine
  useEffect(() => {
    const held = acquireCardEngine(db);
    setEngine(held.engine);
    return () => held.release();
  }, [db, restarts]);

  // Relative dates ("in the last 7 days") move at midnight: the cards are computed again then.
  const [day, setDay] = useState(() => new Date().toDateString());
  // biome-ignore lint/correctness/useExhaustiveDependencies: armed again for each new day
  useEffect(() => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
    const timer = setTimeout(() => setDay(new Date().toDateString()), midnight - now.getTime() + 1000);
    return () => clearTimeout(timer);
  }, [day]);
  const stateKey = changeKey === undefined ? undefined : `${changeKey}@${day}`;

  const [computed, setComputed] = useState<ReadonlyMap<string, Computed>>(() => new Map());
  const computedRef = useRef(computed);
  computedRef.current = computed;

  // The cards as they stand, kept while none of them changes (whatever array they come in).
  const current = cards.map((card) => ({ card, key: cardKey(card) }));
  const signature = current.map((k) => `${k.card.id}=${k.key}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for the cards
  const keyed = useMemo(() => current, [signature]);
  // The batch the engine is computing: a newer run waits for it rather than queueing behind it, so
  // a burst of writes (a sync's pages) costs one computation after another, not one per write.
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const requested = useRef(false);

  useEffect(() => {
    if (!engine || stateKey === undefined) return;
    const now = computedRef.current;
    const stale = keyed.filter(({ card, key }) => now.get(card.id)?.key !== `${key}#${stateKey}`);
    if (stale.length === 0) return;
    let live = true;
    const store = (entries: [string, Computed][]) => {
      if (!live || entries.length === 0) return;
      setComputed((prev) => {
        const next = new Map(prev);
        for (const [id, entry] of entries) next.set(id, entry);
        return next;
      });
    };
    const requests: CardRequest[] = [];
    const keyOf = new Map<string, string>();
    const refused: [string, Computed][] = [];
    for (const { card, key } of stale) {
      const full = `${key}#${stateKey}`;
      const prepared = prepare(card);
      if ('error' in prepared) refused.push([card.id, { key: full, error: prepared.error }]);
      else {
        requests.push(prepared.request);
        keyOf.set(card.id, full);
      }
    }
    store(refused);
    const toEntries = (answers: CardAnswer[]): [string, Computed][] =>
      answers.map((a) => [
        a.id,
        {
          key: keyOf.get(a.id) ?? '',
          ...(a.result ? { result: a.result } : {}),
          ...(a.error ? { error: a.error } : {}),
        },
      ]);
    if (!requested.current) {
      requested.current = true;
      performance.mark('dashboard-cards-requested', { detail: { cards: keyed.length } });
    }
    void (async () => {
      // Batches one after another: the first cards show while the next are computed.
      for (let i = 0; i < requests.length && live; i += CARD_BATCH_SIZE) {
        const batch = requests.slice(i, i + CARD_BATCH_SIZE);
        await inFlight.current.catch(() => {});
        if (!live) return;
        let answers: CardAnswer[];
        const started = performance.now();
        try {
          // Cards that need no positions show while a map card's are still read.
          const computing = engine.computeBatch(batch, Date.now(), (first) => store(toEntries(first)));
          inFlight.current = computing;
          answers = await computing;
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          answers = batch.map((c) => ({ id: c.id, error: message }));
          if (engine.broken()) setRestarts((n) => (n === 0 ? 1 : n));
        }
        // How long the engine took for a batch (the screen then draws its answers).
        performance.measure('dashboard-cards-batch', { start: started, detail: { cards: batch.length } });
        store(toEntries(answers));
      }
    })();
    return () => {
      live = false;
    };
  }, [engine, stateKey, keyed]);

  const states = useMemo(() => {
    const out = new Map<string, CardState>();
    for (const { card, key } of keyed) {
      const entry = computed.get(card.id);
      const fresh = !!entry && stateKey !== undefined && entry.key === `${key}#${stateKey}`;
      out.set(card.id, {
        ...(entry?.result ? { result: entry.result } : {}),
        ...(entry?.error ? { error: entry.error } : {}),
        loading: !fresh,
      });
    }
    return out;
  }, [keyed, computed, stateKey]);

  // The first time every card has its answer: the mark the dashboard's benchmark reads.
  const marked = useRef(false);
  const complete = keyed.length > 0 && [...states.values()].every((s) => !s.loading);
  useEffect(() => {
    if (!complete || marked.current) return;
    marked.current = true;
    const detail = { cards: states.size, errors: [...states.values()].filter((s) => s.error).length };
    // After the frame that paints them.
    requestAnimationFrame(() =>
      setTimeout(() => performance.mark('dashboard-cards-rendered', { detail }), 0),
    );
  }, [complete, states]);

  return states;
}
