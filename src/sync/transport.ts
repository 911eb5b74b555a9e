/**
 * How the sync engine reaches the server. Invariant: a failed call throws an ApiError carrying the
 * HTTP status (0, `offline`, when the network failed) and Retry-After, so the engine can tell a
 * rejected session (401) from a busy or unreachable server.
 */
import { type ApiClient, ApiError } from '../api/client.ts';
import { mediaContentPath } from '../domain/media.ts';
import type { LogsPush, PullResponse, PushRequest, PushResponse } from '../domain/schemas/sync.ts';

export interface PullRequest {
  cursor: number;
  limit: number;
  client_id: string;
  /** The tombstone horizon the device's rows were pulled under (PullResponse's `horizon`). */
  horizon?: number;
}

export interface SyncTransport {
  push(request: PushRequest): Promise<PushResponse>;
  pull(request: PullRequest): Promise<PullResponse>;
  pushLogs(batch: LogsPush): Promise<void>;
  /** Stores a file's bytes (or its thumbnail) under the id of the media record that names it. */
  uploadMedia(id: string, blob: Blob, thumb: boolean): Promise<void>;
}

function wrap(err: unknown): ApiError {
  return err instanceof ApiError ? err : ApiError.unreachable();
}

/** The real transport: the app's HTTP client against the sync endpoints. */
export function httpTransport(api: ApiClient): SyncTransport {
  return {
    push: (request) =>
      api.request<PushResponse>('/api/v2/sync/push', { method: 'POST', body: request }).catch((err) => {
        throw wrap(err);
      }),
    pushLogs: async (batch) => {
      await api.request('/api/v2/sync/logs', { method: 'POST', body: batch }).catch((err) => {
        throw wrap(err);
      });
    },
    uploadMedia: async (id, blob, thumb) => {
      await api.request(mediaContentPath(id, thumb), { method: 'PUT', body: blob }).catch((err) => {
        throw wrap(err);
      });
    },
    pull: (request) =>
      api.request<PullResponse>('/api/v2/sync/pull', { query: { ...request }, retry: false }).catch((err) => {
        throw wrap(err);
      }),
  };
}
