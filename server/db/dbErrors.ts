/**
 * What a database failure means, by its cause: the input (a value PostgreSQL cannot store), a
 * conflict with an existing row, the database or network being unavailable (the only failures
 * worth retrying), or anything else (a fault of the server's own, never the caller's to retry).
 * Drizzle wraps driver errors in its own error with the driver's error as `cause`; PGlite and
 * node-postgres both carry the SQLSTATE as `code`.
 */

export type DatabaseFailureKind = 'input' | 'conflict' | 'unavailable' | 'other';

export interface DatabaseFailure {
  kind: DatabaseFailureKind;
  /** The SQLSTATE (or Node's error code for network failures), when there is one. */
  code: string | undefined;
  /** A message a person can act on (for input and conflict failures). */
  message: string;
}

/** SQLSTATE codes whose message we can say more precisely than their class. */
const INPUT_MESSAGES: Record<string, string> = {
  '22P02': 'A value has the wrong format.',
  '22001': 'A value is too long.',
  '22003': 'A number is out of range.',
  '22007': 'A date or time has the wrong format.',
  '22008': 'A date or time is out of range.',
  '22021': 'A text contains a character that cannot be stored (such as a NUL byte).',
  '22P05': 'A text contains a character that cannot be stored (such as a NUL byte).',
  '23502': 'A required value is missing.',
  '23503': 'A referenced record does not exist.',
  '23514': 'A value is not allowed here.',
  '54001': 'The request is too deeply nested or too complex.',
};

const CONFLICT_MESSAGE = 'This record already exists.';
const INPUT_MESSAGE = 'A value in the request cannot be stored. Check the values and try again.';
const LIMIT_MESSAGE = 'The request is too large or too complex.';
const UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Try again shortly.';

/** SQLSTATE classes that mean "try again later": connection, resources, shutdown, contention. */
const UNAVAILABLE_CLASSES = new Set(['08', '40', '53', '57', '58']);
const UNAVAILABLE_CODES = new Set(['55P03', '55006']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|cannot use a pool after calling end|pglite is closed|database is closed/i;

/** The errors along an error's `cause` chain, outermost first (bounded against cycles). */
function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = err;
  while (current && chain.length < 8 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/** The SQLSTATE of a database error anywhere along the cause chain. */
export function sqlStateOf(err: unknown): string | undefined {
  for (const e of causeChain(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Classifies a failure of a database call; undefined when it is not a database failure at all. */
export function classifyDatabaseError(err: unknown): DatabaseFailure | undefined {
  const code = sqlStateOf(err);
  if (code) {
    const cls = code.slice(0, 2);
    if (UNAVAILABLE_CLASSES.has(cls) || UNAVAILABLE_CODES.has(code))
      return { kind: 'unavailable', code, message: UNAVAILABLE_MESSAGE };
    if (code === '23505') return { kind: 'conflict', code, message: CONFLICT_MESSAGE };
    if (cls === '22' || cls === '23')
      return { kind: 'input', code, message: INPUT_MESSAGES[code] ?? INPUT_MESSAGE };
    if (cls === '54') return { kind: 'input', code, message: INPUT_MESSAGES[code] ?? LIMIT_MESSAGE };
    return { kind: 'other', code, message: INPUT_MESSAGE };
  }
  for (const e of causeChain(err)) {
    const nodeCode = (e as { code?: unknown }).code;
    if (typeof nodeCode === 'string' && NETWORK_CODES.has(nodeCode))
      return { kind: 'unavailable', code: nodeCode, message: UNAVAILABLE_MESSAGE };
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message))
      return { kind: 'unavailable', code: undefined, message: UNAVAILABLE_MESSAGE };
  }
  return undefined;
}

/** True only when retrying later may succeed: the database or the network is unavailable. */
export function isTransientFailure(err: unknown): boolean {
  return classifyDatabaseError(err)?.kind === 'unavailable';
}
