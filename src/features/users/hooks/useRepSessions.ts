import { api } from '#src/api/appClient.ts';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import { scopeOf } from '#src/domain/permissions.ts';
import type { ErrorLogWire, SessionWire } from '#src/domain/schemas/logging.ts';

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
  const scope = scopeOf(actor, 'sessions.read');
  const visible =
    scope === 'org' ||
    (scope !== 'none' && repId === actor.user_id) ||
    (scope === 'managed' && actor.managed_member_ids.includes(repId));
  const read = useServerData(
    repId || null,
    () =>
      api.request<{ sessions: SessionWire[]; errors: ErrorLogWire[] }>('/api/v2/sessions/rep', {
        query: { rep_id: repId },
      }),
    { enabled: visible },
  );

  if (!visible) return { kind: 'hidden' };
  if (read.data) return { kind: 'ready', sessions: read.data.sessions, errors: read.data.errors };
  if (read.offline) return { kind: 'offline' };
  return read.error !== undefined ? { kind: 'failed', message: read.error } : { kind: 'loading' };
}
