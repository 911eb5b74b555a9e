/**
 * What a signed-in user does, recorded on the device and sent through the log stream: one app
 * session per browser and user, reused for a day through a cookie; events (screen views, knocks,
 * lead edits, imports, searches) and error logs in that session.
 *
 * Timings (SPEC section 9):
 * - "session registration delayed 500 ms": the session is written 500 ms after start-up, off
 *   the first render; its id is known from the start, so early events already name it.
 * - "logging steps delayed 5000 ms and 3000 ms", read as: the first flush of the logs 5 s after
 *   start, then one 3 s after a new log (later logs within those 3 s go with it). Each flush
 *   first moves the session's end time to now; leaving the page (pagehide) does the same.
 * Offline, everything stays queued in IndexedDB and goes with the next sync.
 *
 * The cookie is not HttpOnly on purpose: the device makes it and must read it (the server never
 * sets it). It holds only the user's and the session's ids and the start time, no credential.
 */
import { v7 as uuidv7 } from 'uuid';
import type { CrmDatabase } from '../db/database.ts';
import {
  type AppSession,
  recordError,
  recordEvent,
  setCurrentSession,
  startSession,
  touchSession,
} from '../sync/logs.ts';

export const APP_SESSION_COOKIE = 'hs_app_session';
/** SPEC section 9: session cookie max age 86400 s. */
export const APP_SESSION_MAX_AGE_S = 86_400;
export const REGISTER_DELAY_MS = 500;
export const FIRST_FLUSH_MS = 5_000;
export const NEXT_FLUSH_MS = 3_000;
/** A search is logged once its text has stayed the same this long, not on every keystroke. */
export const SEARCH_SETTLE_MS = 1_500;

export type ActivityType = 'screen_view' | 'knock' | 'lead_edit' | 'import' | 'search';

export interface ActivityDetail {
  table?: string | null;
  ref?: string | null;
  value?: unknown;
}

/** The session a cookie names for this user, if it is one of theirs. */
export function parseSessionCookie(cookies: string, userId: string): AppSession | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== APP_SESSION_COOKIE) continue;
    const [user, id, start] = decodeURIComponent(rest.join('=')).split('|');
    if (user !== userId || !id || !start || Number.isNaN(Date.parse(start))) return undefined;
    return { id, start_time: start };
  }
  return undefined;
}

export function sessionCookie(userId: string, session: AppSession, secure: boolean): string {
  const value = encodeURIComponent([userId, session.id, session.start_time].join('|'));
  return `${APP_SESSION_COOKIE}=${value}; Max-Age=${APP_SESSION_MAX_AGE_S}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** What the activity log needs from the browser (a test hands in its own). */
export interface ActivityEnvironment {
  readCookies(): string;
  writeCookie(cookie: string): void;
  secure: boolean;
  fingerprint(): string;
  device: string;
  browser: string;
  onLeave(listener: () => void): () => void;
}

let current: ActivityLog | undefined;

/** Records an error no screen handled (the error boundaries), in the signed-in user's session. */
export function logUnhandledError(error: unknown): void {
  current?.error('unhandled_error', error);
}

export class ActivityLog {
  readonly session: AppSession;
  /** Whether the session came from this browser's cookie (a reload within the day). */
  readonly reused: boolean;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private started = false;
  private firstFlushDone = false;

  private readonly db: CrmDatabase;
  private readonly userId: string;
  private readonly sendLogs: () => Promise<void>;
  private readonly env: ActivityEnvironment;

  constructor(
    db: CrmDatabase,
    userId: string,
    sendLogs: () => Promise<void>,
    env: ActivityEnvironment = browserEnvironment(),
  ) {
    this.db = db;
    this.userId = userId;
    this.sendLogs = sendLogs;
    this.env = env;
    const kept = parseSessionCookie(env.readCookies(), userId);
    this.reused = kept !== undefined;
    this.session = kept ?? { id: uuidv7(), start_time: new Date().toISOString() };
    setCurrentSession(db, this.session.id);
  }

  /** Registers the session and starts the flushes; the returned function stops them. */
  start(): () => void {
    this.started = true;
    current = this;
    this.later(REGISTER_DELAY_MS, () => void this.register());
    this.later(FIRST_FLUSH_MS, () => {
      this.firstFlushDone = true;
      void this.flush();
    });
    const unlisten = this.env.onLeave(() => void this.flush());
    return () => {
      this.started = false;
      if (current === this) current = undefined;
      unlisten();
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      clearTimeout(this.searchTimer);
      this.flushTimer = undefined;
    };
  }

  // Arrow properties, so a screen may take them apart: `const { event } = useActivityLog()`.
  event = (type: ActivityType, detail: ActivityDetail = {}): void => {
    this.write(() =>
      recordEvent(this.db, {
        session_id: this.session.id,
        type,
        table: detail.table ?? null,
        ref: detail.ref ?? null,
        value: detail.value ?? null,
      }),
    );
  };

  /** A search, logged once the text settles (an empty search is not logged). */
  search = (table: string, text: string): void => {
    clearTimeout(this.searchTimer);
    const query = text.trim();
    if (!query) return;
    this.searchTimer = setTimeout(
      () => this.event('search', { table, value: { query: query.slice(0, 200) } }),
      SEARCH_SETTLE_MS,
    );
  };

  error = (event: string, error: unknown): void => {
    this.write(() => recordError(this.db, event, error, this.session.id));
  };

  private write(record: () => Promise<void>): void {
    void record()
      .then(() => this.scheduleFlush())
      .catch(() => {
        // The database is closing (sign-out) or full: a log is never worth failing the screen.
      });
  }

  private async register(): Promise<void> {
    const { env } = this;
    try {
      await startSession(this.db, env.fingerprint(), env.device, env.browser, this.session);
      // Set once, when the session starts: it lasts a day from then, however often it is reused.
      if (!this.reused) env.writeCookie(sessionCookie(this.userId, this.session, env.secure));
    } catch {
      // The database is closing: the next start-up registers a session.
    }
  }

  private scheduleFlush(): void {
    if (!this.started || !this.firstFlushDone || this.flushTimer !== undefined) return;
    this.flushTimer = this.later(NEXT_FLUSH_MS, () => {
      this.flushTimer = undefined;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    try {
      await touchSession(this.db, this.session);
      await this.sendLogs();
    } catch {
      // Closing database or no connection: the logs wait for the next sync.
    }
  }

  private later(ms: number, run: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }
}

/** A stable id for this browser, kept in local storage. */
function browserFingerprint(): string {
  const key = 'hs.fingerprint';
  let value = localStorage.getItem(key);
  if (!value) {
    value = crypto.randomUUID();
    localStorage.setItem(key, value);
  }
  return value;
}

function browserEnvironment(): ActivityEnvironment {
  return {
    readCookies: () => document.cookie,
    writeCookie: (cookie) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari
      document.cookie = cookie;
    },
    secure: location.protocol === 'https:',
    fingerprint: browserFingerprint,
    device: /Mobi|Android|iPhone|iPad/.test(navigator.userAgent) ? 'mobile' : 'desktop',
    browser: navigator.userAgent.slice(0, 200),
    onLeave: (listener) => {
      const hidden = () => {
        if (document.visibilityState === 'hidden') listener();
      };
      window.addEventListener('pagehide', listener);
      document.addEventListener('visibilitychange', hidden);
      return () => {
        window.removeEventListener('pagehide', listener);
        document.removeEventListener('visibilitychange', hidden);
      };
    },
  };
}
