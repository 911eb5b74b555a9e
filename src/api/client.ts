/**
 * The one HTTP client of the app: JSON in and out, the spec's envelope, the session token.
 * Screens never call it directly; the sync engine and the auth feature's commands do.
 */

export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

let sessionToken: string | undefined;

export function setSessionToken(token: string | undefined): void {
  sessionToken = token;
}

export async function apiRequest<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (sessionToken) headers.authorization = `Bearer ${sessionToken}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const answer = (await res
    .json()
    .catch(() => ({ success: false, message: `The server answered ${res.status}.` }))) as {
    success?: boolean;
    message?: string;
  };
  if (res.status >= 400 || answer.success === false) {
    throw new ApiError(res.status, answer.message ?? `The server answered ${res.status}.`);
  }
  return answer as T;
}
