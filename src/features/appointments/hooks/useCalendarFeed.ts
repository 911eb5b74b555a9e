import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../api/appClient.ts';
import type { FeedState, NewFeed } from '../../../domain/schemas/calendarFeed.ts';

const PATH = '/api/v2/calendar/feed';

/** The user's calendar feed: whether it is on, its address right after making it, and make/revoke. */
export function useCalendarFeed() {
  const [state, setState] = useState<FeedState | undefined>();
  const [url, setUrl] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    api
      .request<FeedState>(PATH)
      .then((s) => live && setState({ active: s.active, created_at: s.created_at }))
      .catch((err: unknown) => live && setProblem(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, []);

  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      await work();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }, []);

  const create = () =>
    run(async () => {
      const made = await api.request<NewFeed>(PATH, { method: 'POST', body: {} });
      setState({ active: true, created_at: made.created_at });
      setUrl(made.url);
    });
  const revoke = () =>
    run(async () => {
      await api.request(PATH, { method: 'DELETE', body: {} });
      setState({ active: false, created_at: null });
      setUrl(undefined);
    });
  return { state, url, problem, busy, create, revoke };
}
