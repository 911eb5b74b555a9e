/** The team's tracked paths of a day: read from the server (they are not kept on the device). */
import { api } from '#src/api/appClient.ts';
import type { LastPositionWire, PathWire } from '#src/domain/schemas/paths.ts';

export interface TeamPaths {
  paths: PathWire[];
  positions: LastPositionWire[];
}

export function fetchTeamPaths(date: string): Promise<TeamPaths> {
  return api.request<TeamPaths>('/api/v2/paths/get', {
    query: { date, tz_offset: new Date(`${date}T12:00:00`).getTimezoneOffset() },
  });
}

/** Today in the viewer's own calendar, as YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}
