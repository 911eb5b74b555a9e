import { api } from '#src/api/appClient.ts';
import { useServerData } from '#src/device/hooks/useServerData.ts';
import type { FieldTimeWire } from '#src/domain/schemas/knocks.ts';

/**
 * Each visible person's time in field in [start, end), from every device's tracked paths (paths
 * stay on the server, not on devices). Undefined while asking, offline, or when the server refuses
 * (a rep sees only their own); the table then shows what this device knows.
 */
export function useFieldTimes(start: Date, end: Date): ReadonlyMap<string, number> | undefined {
  const from = start.toISOString();
  const to = end.toISOString();
  const read = useServerData(`${from}/${to}`, async () => {
    const answer = await api.request<{ times: FieldTimeWire[] }>('/api/v2/knocks/field-time', {
      query: { from, to },
    });
    return new Map(answer.times.map((t) => [t.user_id, t.time_in_field_ms])) as ReadonlyMap<string, number>;
  });
  return read.data;
}
