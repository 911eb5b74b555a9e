import { useEffect, useState } from 'react';
import { api } from '../../../api/appClient.ts';
import { useSyncStatus } from '../../../device/DeviceProvider.tsx';
import { useActor } from '../../../device/hooks/useActor.ts';
import { scopeOf } from '../../../domain/permissions.ts';
import type { ErrorLogWire, SessionWire } from '../../../domain/schemas/logging.ts';

export type RepSessionsState =
  | { kind: 'hidden' }
  | { kind: 'offline' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; sessions: SessionWire[]; errors: ErrorLogWire[] };

/**
 * A rep's app sessions and the error logs their devices sent, which only the server holds: read
 * online when the viewer may see them (themself, a manager their teams' reps, an admin anyone in
 * the org), again when the connection returns. Hidden for everyone else.
 */
export function useRepSessions(repId: string): RepSessionsState {
  const actor = useActor();
  const online = useSyncStatus().online;
  const scope = scopeOf(actor, 'sessions.read');
  const visible =
    scope === 'org' ||
    (scope !== 'none' && repId === actor.user_id) ||
    (scope === 'managed' && actor.managed_member_ids.includes(repId));
  const [answer, setAnswer] = useState<{ id: string; state: RepSessionsState }>();

  useEffect(() => {
    if (!visible || !online || !repId) return;
    let stale = false;
    setAnswer({ id: repId, state: { kind: 'loading' } });
    api
      .request<{ sessions: SessionWire[]; errors: ErrorLogWire[] }>('/api/v2/sessions/rep', {
        query: { rep_id: repId },
      })
      .then(
        ({ sessions, errors }) =>
          !stale && setAnswer({ id: repId, state: { kind: 'ready', sessions, errors } }),
        (err: unknown) =>
          !stale &&
          setAnswer({
            id: repId,
            state: { kind: 'failed', message: err instanceof Error ? err.message : String(err) },
          }),
      );
    return () => {
      stale = true;
    };
  }, [repId, online, visible]);

  if (!visible) return { kind: 'hidden' };
  if (answer?.id === repId && answer.state.kind === 'ready') return answer.state;
  if (!online) return { kind: 'offline' };
  return answer?.id === repId ? answer.state : { kind: 'loading' };
}
