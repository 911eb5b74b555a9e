/**
 * How the legacy data service answers (SPEC sections 7 and 8): every failure as
 * `{success: false, message}` with the spec's text for the call ('Add error', 'Update error',
 * 'Get error', or 'No body returned' for a call without a body), the real status, and the precise
 * reason beside it (`reason`; `index` for the refused document of a bulk call).
 */
import type { MiddlewareHandler } from 'hono';
import { LEGACY_FAILURE, type LegacyFailureText } from '#src/domain/schemas/legacyData.ts';
import { BulkDocumentError } from '../services/legacyData.ts';
import { ServiceError } from '../services/serviceError.ts';

/** A body with nothing in it (no text, `null`, or an empty object): the spec's 'No body returned'. */
class NoBodyError extends ServiceError {
  constructor() {
    super('invalid', 'The request has no body. Send the payload as JSON.');
  }
}

/** Refuses a call whose body holds nothing, after its sign-in. */
export const requireBody: MiddlewareHandler = async (c, next) => {
  const text = (await c.req.text()).trim();
  if (text === '' || text === 'null' || /^\{\s*\}$/.test(text)) throw new NoBodyError();
  await next();
};

/**
 * Answers every failure of the route as the spec's `{success: false, message}` with `text` (or
 * 'No body returned'), keeping the status and the precise reason (`reason`; `index` names the
 * refused document of a bulk call).
 */
export function legacyFailure(text: LegacyFailureText): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status < 400) return;
    const answer = (await c.res
      .clone()
      .json()
      .catch(() => undefined)) as { message?: unknown } | undefined;
    const reason = typeof answer?.message === 'string' ? answer.message : undefined;
    const index = c.error instanceof BulkDocumentError ? c.error.index : undefined;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(
      JSON.stringify({
        success: false,
        message: c.error instanceof NoBodyError ? LEGACY_FAILURE.noBody : text,
        ...(reason !== undefined ? { reason } : {}),
        ...(index !== undefined ? { index } : {}),
      }),
      { status: c.res.status, headers },
    );
  };
}
