/**
 * Reading a pull's pages ahead of storing them, and storing what has arrived together.
 * Invariants:
 * - a page is asked for as soon as the one before it has arrived (from the cursor it names), never
 *   waiting for the device to store it, so the server prepares pages while the device writes; at
 *   most `ahead` answers are held or on their way unstored (bounded memory);
 * - answers are handed over in the order asked, as batches of consecutive answers that have
 *   already arrived (at least one, waiting for it if need be): what piled up while the device was
 *   storing goes into one transaction, so a first sync commits (and wakes live queries) less often;
 * - an answer that resets the device starts a batch of its own (the rows before it are stored
 *   first, then dropped with the reset);
 * - a failed request ends the reading: the answers before it are still handed over, then the
 *   failure is thrown; nothing is asked after it.
 */
import type { PullResponse } from '../domain/schemas/sync.ts';
import type { PullPage } from './applyPull.ts';

/** One answer, whether it starts a full sync (asked from cursor 0, or a reset), and the horizon then. */
export interface PulledAnswer {
  answer: PullResponse;
  fullSync: boolean;
  horizon: number;
}

interface Slot {
  from: number;
  answer?: PullResponse;
  horizon?: number;
  error?: unknown;
  arrived: Promise<void>;
}

/**
 * One page of the batch's answers, as if the server had sent them as one: each row's last change
 * (in the place of that last change), and the cursor, acknowledged mutations and `has_more` of the
 * last answer. `horizon` is the tombstone horizon to save with it, if the batch starts a full sync.
 */
export function mergeAnswers(answers: readonly PullResponse[], horizon?: number): PullPage {
  const last = answers.at(-1);
  if (!last) throw new Error('no answers to merge');
  let changes = last.changes;
  if (answers.length > 1) {
    const all = answers.flatMap((a) => a.changes);
    const seen = new Set<string>();
    const kept: typeof all = [];
    for (let i = all.length - 1; i >= 0; i--) {
      const change = all[i] as (typeof all)[number];
      const key = `${change.table}\u0000${change.row._id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      kept.push(change);
    }
    changes = kept.reverse();
  }
  return {
    changes,
    cursor: last.cursor,
    last_mutation_id: last.last_mutation_id,
    has_more: last.has_more,
    ...(horizon === undefined ? {} : { horizon }),
  };
}

/**
 * Asks for pages from `cursor` on through `ask` (which receives the cursor and the tombstone
 * horizon to send), keeping up to `ahead` answers asked for beyond those handed over.
 */
export class PullReader {
  private readonly slots: Slot[] = [];
  /** The last page asked for (handed over or not): the next one is asked from its cursor. */
  private tail: Slot | undefined;
  private closed = false;
  private horizon: number;
  private readonly ask: (cursor: number, horizon: number) => Promise<PullResponse>;
  private readonly ahead: number;
  private asked = 0;
  private readonly maxPages: number;

  constructor(options: {
    cursor: number;
    horizon: number;
    ask: (cursor: number, horizon: number) => Promise<PullResponse>;
    ahead?: number;
    maxPages?: number;
  }) {
    this.horizon = options.horizon;
    this.ask = options.ask;
    this.ahead = Math.max(1, options.ahead ?? 3);
    this.maxPages = options.maxPages ?? 10_000;
    this.request(options.cursor);
  }

  private request(from: number) {
    if (this.closed || this.asked >= this.maxPages) return;
    this.asked++;
    const slot = { from } as Slot;
    slot.arrived = this.ask(from, this.horizon).then(
      (answer) => {
        slot.answer = answer;
        // A full sync runs under the horizon its first answer names: later pages send it.
        if ((from === 0 || answer.reset) && answer.horizon !== undefined) this.horizon = answer.horizon;
        slot.horizon = this.horizon;
        this.askNext();
      },
      (error: unknown) => {
        slot.error = error ?? new Error('pull failed');
      },
    );
    this.slots.push(slot);
    this.tail = slot;
  }

  /** Asks for the page after the last one asked, if it has arrived, wants more and room is left. */
  private askNext() {
    const last = this.tail;
    if (!last?.answer?.has_more || this.slots.length >= this.ahead + 1) return;
    this.request(last.answer.cursor);
  }

  /**
   * The next answers in order: the first (waited for), then every further one already arrived,
   * up to a reset. Undefined once the last page has been handed over. Throws a request's failure
   * once the answers before it are handed over.
   */
  async next(): Promise<PulledAnswer[] | undefined> {
    const first = this.slots[0];
    if (!first) return undefined;
    await first.arrived;
    const batch: PulledAnswer[] = [];
    while (this.slots.length) {
      const slot = this.slots[0] as Slot;
      if (slot.error !== undefined) {
        if (batch.length) break;
        this.close();
        throw slot.error;
      }
      if (!slot.answer || (batch.length && slot.answer.reset)) break;
      this.slots.shift();
      batch.push({
        answer: slot.answer,
        fullSync: slot.from === 0 || slot.answer.reset,
        horizon: slot.horizon ?? this.horizon,
      });
    }
    // Room was made: the page after the last arrived one may be asked for now.
    this.askNext();
    return batch;
  }

  /** Stops asking (the pull ended or failed); answers still on their way are let go. */
  close(): void {
    this.closed = true;
    for (const slot of this.slots) slot.arrived.catch(() => undefined);
    this.slots.length = 0;
  }
}
