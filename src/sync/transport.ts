/**
 * How the sync engine reaches the server. Invariant: a failed call throws a TransportError carrying
 * the HTTP status (0 when the network failed) and Retry-After, so the engine can tell a rejected
 * session (401) from a busy or unreachable server.
 */
import type { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/client.ts';
import { mediaContentPath } from '../domain/media.ts';
import type { LogsPush, PullResponse, PushRequest, PushResponse } from '../domain/schemas/sync.ts';

export interface PullRequest {
  cursor: number;
  limit: number;
  client_id: string;
}

export interface SyncTransport {
  push(request: PushRequest): Promise<PushResponse>;
  pull(request: PullRequest): Promise<PullResponse>;
  pushLogs(batch: LogsPush): Promise<void>;
  /** Stores a file's bytes (or its thumbnail) under the id of the media record that names it. */
  uploadMedia(id: string, blob: Blob, thumb: boolean): Promise<void>;
}

export class TransportError extends Error {
  readonly status: number;
  readonly retryAfter: number | undefined;

  constructor(status: number, message: string, retryAfter?: number) {
    super(message);
    this.name = 'TransportError';
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

function wrap(err: unknown): TransportError {
  if (err instanceof TransportError) return err;
  if (err instanceof ApiError) return new TransportError(err.status, err.message, err.retryAfter);
  return new TransportError(0, 'The server could not be reached.');
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
