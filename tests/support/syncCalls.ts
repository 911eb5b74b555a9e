/** Sync calls made as a device makes them, for contract tests: push numbered mutations, pull a table. */
import { randomUUID } from 'node:crypto';
import type { PullChange } from '#src/domain/schemas/sync.ts';
import type { ApiAnswer, TestApi } from './api.ts';

export type MutationResults = { id: number; status: string; message?: string }[];

/** Pushes mutations numbered 1, 2, 3… from a new device (or the given one). */
export function pushMutations(
  api: TestApi,
  token: string,
  mutations: { name: unknown; args: unknown }[],
  clientId: string = randomUUID(),
): Promise<ApiAnswer> {
  return api.call('POST', '/api/v2/sync/push', {
    token,
    body: {
      client_id: clientId,
      schema_version: 1,
      mutations: mutations.map((m, i) => ({ id: i + 1, ...m })),
    },
  });
}

/** Every row of one table a user's full pull brings, page by page. */
export async function pulledRows(api: TestApi, token: string, table: string): Promise<PullChange['row'][]> {
  const rows: PullChange['row'][] = [];
  let cursor = 0;
  for (let page = 0; page < 50; page++) {
    const res = await api.call('GET', `/api/v2/sync/pull?cursor=${cursor}&limit=5000`, { token });
    for (const c of res.body.changes as PullChange[]) if (c.table === table) rows.push(c.row);
    cursor = res.body.cursor as number;
    if (!res.body.has_more) break;
  }
  return rows;
}

/** The `record.save.v1` that creates the media record of an uploaded file. */
export function mediaRecordSave(id: string, leadId: string | null, size: number) {
  return {
    name: 'record.save.v1',
    args: {
      table: 'media',
      id,
      create: true,
      fields: { lead_id: leadId, name: 'roof.png', mimetype: 'image/png', size },
    },
  };
}
