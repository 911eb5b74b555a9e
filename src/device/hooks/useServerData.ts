/**
 * The one way a screen reads or changes what only the server holds (admin lists, integrations,
 * run logs, sessions, field time…): online only, with the offline, busy and failure handling in
 * one place. The failure shown is the server's own words for a refusal (`serverFailure`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { type FailureWords, serverFailure } from '#src/api/serverFailure.ts';
import { failRead, type ServerAnswer, type ServerDataView, startRead, viewOf } from './serverData.ts';
import { useOnline } from './useSyncState.ts';

export type { FailureWords } from '#src/api/serverFailure.ts';

export interface ServerData<T> extends ServerDataView<T> {
  /** Reads again (after a change this screen made). */
  reload(): void;
}

/**
 * Reads `fetcher()` when the screen opens online, again when `key` changes, when the connection
 * returns and on `reload`; nothing while `key` is null or `enabled` is false. A failure is told
 * with `words` when given, else with the error's own message.
 */
export function useServerData<T>(
  key: string | null,
  fetcher: () => Promise<T>,
  options: { enabled?: boolean; words?: FailureWords } = {},
): ServerData<T> {
  const { enabled = true, words } = options;
  const online = useOnline();
  const [answer, setAnswer] = useState<ServerAnswer<T>>();
  const [round, setRound] = useState(0);
  // The latest fetcher and words, so a screen may pass new closures on each render.
  const latest = useRef({ fetcher, words });
  latest.current = { fetcher, words };

  useEffect(() => {
    if (!enabled || key === null || !online) return;
    let stale = false;
    // The round is read so a reload asks again.
    void round;
    setAnswer((previous) => startRead(previous, key));
    latest.current.fetcher().then(
      (data) => !stale && setAnswer({ key, phase: 'ready', data }),
      (err: unknown) => {
        if (stale) return;
        const shown = latest.current.words;
        const error = shown ? serverFailure(err, shown) : err instanceof Error ? err.message : String(err);
        setAnswer((previous) => failRead(previous, key, error));
      },
    );
    return () => {
      stale = true;
    };
  }, [key, enabled, online, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...viewOf(answer, key, enabled, online), reload };
}

/** How a server action went: its answer, or the failure to show. */
export type ActionOutcome<T> =
  | { ok: true; value: T }
  /** `sent`: whether it was tried at all (false when offline before it started). */
  | { ok: false; error: string; sent: boolean };

/**
 * Runs a change only the server can make: offline (or when the connection drops on the way) it
 * answers the screen's "needs a connection" and the form keeps what was typed; a refusal answers
 * the server's own words; a server failure the screen's `failed` (or the one given to `run`).
 * `busy` while one runs; `error` is the last failure, cleared when the next one starts.
 */
export function useServerAction(words: FailureWords) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function run<T>(work: () => Promise<T>, failed = words.failed): Promise<ActionOutcome<T>> {
    if (!online || !navigator.onLine) {
      setError(words.offline);
      return { ok: false, error: words.offline, sent: false };
    }
    setBusy(true);
    setError(undefined);
    try {
      return { ok: true, value: await work() };
    } catch (err) {
      const shown = serverFailure(err, { offline: words.offline, failed });
      setError(shown);
      return { ok: false, error: shown, sent: true };
    } finally {
      setBusy(false);
    }
  }

  return { run, busy, error, online, clearError: () => setError(undefined) };
}
