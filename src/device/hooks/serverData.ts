/**
 * The state of an online-only server read, as pure functions (table-tested): which answer belongs
 * to the key asked for, and what the screen shows from it.
 */

/** The last answer of a read, for the key it was asked with. */
export type ServerAnswer<T> =
  | { key: string; phase: 'loading'; data?: T | undefined }
  | { key: string; phase: 'ready'; data: T }
  | { key: string; phase: 'failed'; data?: T | undefined; error: string };

export interface ServerDataView<T> {
  /** Undefined until read for this key (kept while offline and while read again). */
  data: T | undefined;
  /** Why the last read for this key failed (the server's words when it refused). */
  error: string | undefined;
  /** Asking now, or about to: online, enabled, no answer yet. */
  loading: boolean;
  offline: boolean;
}

/** A read starts: the answer for the same key keeps its data meanwhile; another key starts empty. */
export function startRead<T>(previous: ServerAnswer<T> | undefined, key: string): ServerAnswer<T> {
  return { key, phase: 'loading', data: previous?.key === key ? previous.data : undefined };
}

/** A read failed: its data for the same key stays, with the reason. */
export function failRead<T>(
  previous: ServerAnswer<T> | undefined,
  key: string,
  error: string,
): ServerAnswer<T> {
  return { key, phase: 'failed', data: previous?.key === key ? previous.data : undefined, error };
}

/** What the screen shows for `key` from the last answer. */
export function viewOf<T>(
  answer: ServerAnswer<T> | undefined,
  key: string | null,
  enabled: boolean,
  online: boolean,
): ServerDataView<T> {
  const asking = enabled && key !== null;
  const current = asking && answer?.key === key ? answer : undefined;
  return {
    data: current?.data,
    error: current?.phase === 'failed' ? current.error : undefined,
    loading: asking && online && (current === undefined || current.phase === 'loading'),
    offline: !online,
  };
}
