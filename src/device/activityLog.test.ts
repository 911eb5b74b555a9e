import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { markLogsSynced, nextLogBatch } from '../sync/logs.ts';
import {
  type ActivityEnvironment,
  ActivityLog,
  FIRST_FLUSH_MS,
  NEXT_FLUSH_MS,
  parseSessionCookie,
  REGISTER_DELAY_MS,
  SEARCH_SETTLE_MS,
  sessionCookie,
} from './activityLog.ts';

const USER = '0193a1b2-0000-7000-8000-000000000001';
let counter = 0;

async function open() {
  const db = new CrmDatabase(`activity-${++counter}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  return db;
}

/** A browser with a cookie jar of one cookie and a page that can be left. */
function fakeBrowser() {
  const jar = {
    cookie: '',
    written: undefined as string | undefined,
    leave: undefined as (() => void) | undefined,
  };
  const env: ActivityEnvironment = {
    readCookies: () => jar.cookie,
    writeCookie: (cookie) => {
      jar.cookie = cookie.split(';')[0] ?? '';
      jar.written = cookie;
    },
    secure: true,
    fingerprint: () => 'fp-1',
    device: 'mobile',
    browser: 'Test',
    onLeave: (listener) => {
      jar.leave = listener;
      return () => {
        jar.leave = undefined;
      };
    },
  };
  return { env, jar };
}

/** Lets the timers' IndexedDB work finish (fake-indexeddb answers on real macrotasks). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

describe('the session cookie', () => {
  it('lasts a day, is Lax and names the user, the session and its start', () => {
    const cookie = sessionCookie(USER, { id: 's1', start_time: '2026-11-24T10:00:00.000Z' }, true);
    expect(cookie).toContain('Max-Age=86400');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Secure');
    expect(cookie).not.toContain('HttpOnly');
    const jar = `other=1; ${cookie.split(';')[0]}`;
    expect(parseSessionCookie(jar, USER)).toEqual({ id: 's1', start_time: '2026-11-24T10:00:00.000Z' });
    // Another user signing in on the same browser starts a session of their own.
    expect(parseSessionCookie(jar, 'someone-else')).toBeUndefined();
    expect(parseSessionCookie('hs_app_session=garbage', USER)).toBeUndefined();
  });
});

describe('the activity log', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('registers the session after 500 ms, reuses it from the cookie, and flushes at 5 s then 3 s after a log', async () => {
    const db = await open();
    const { env, jar } = fakeBrowser();
    const send = vi.fn(async () => undefined);
    const log = new ActivityLog(db, USER, send, env);
    const stop = log.start();
    log.event('screen_view', { ref: '/', value: { path: '/' } });
    await settle();
    expect(await db.app_sessions.count()).toBe(0);

    await vi.advanceTimersByTimeAsync(REGISTER_DELAY_MS);
    await settle();
    expect(await db.app_sessions.get(log.session.id)).toMatchObject({ synced: 0, fingerprint: 'fp-1' });
    expect(jar.written).toContain('Max-Age=86400');
    const [event] = await db.events.toArray();
    expect(event).toMatchObject({ type: 'screen_view', ref: '/', session_id: log.session.id });

    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(FIRST_FLUSH_MS - REGISTER_DELAY_MS);
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect((await db.app_sessions.get(log.session.id))?.end_time).toEqual(expect.any(String));

    log.event('knock', { table: 'contacts', ref: 'lead-1', value: { status: 'Not Home 1' } });
    log.error('pin_edit', new Error('refused'));
    await settle();
    await vi.advanceTimersByTimeAsync(NEXT_FLUSH_MS - 1);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(send).toHaveBeenCalledTimes(2);
    const [error] = await db.error_logs.toArray();
    expect(error).toMatchObject({
      event: 'pin_edit',
      session_id: log.session.id,
      log: { message: 'refused' },
    });
    stop();

    // A reload within the day: the same session, not a new one.
    const again = new ActivityLog(db, USER, send, env);
    expect(again.reused).toBe(true);
    expect(again.session).toEqual(log.session);
    const stopAgain = again.start();
    await vi.advanceTimersByTimeAsync(REGISTER_DELAY_MS);
    await settle();
    expect(await db.app_sessions.count()).toBe(1);
    stopAgain();
    db.close();
  });

  it('logs a search once its text settles, and the end time on leaving the page', async () => {
    const db = await open();
    const { env, jar } = fakeBrowser();
    const send = vi.fn(async () => undefined);
    const log = new ActivityLog(db, USER, send, env);
    const stop = log.start();
    log.search('contacts', 'Sm');
    log.search('contacts', 'Smith');
    await vi.advanceTimersByTimeAsync(SEARCH_SETTLE_MS);
    await settle();
    const events = await db.events.toArray();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'search', table: 'contacts', value: { query: 'Smith' } });

    jar.leave?.();
    await settle();
    expect(send).toHaveBeenCalledTimes(1);
    expect((await db.app_sessions.get(log.session.id))?.end_time).toEqual(expect.any(String));
    stop();
    db.close();
  });

  it('keeps a session queued when it was touched again while its batch was being sent', async () => {
    vi.useRealTimers();
    const db = await open();
    const { env } = fakeBrowser();
    const log = new ActivityLog(db, USER, async () => undefined, env);
    await db.app_sessions.add({ ...log.session, synced: 0, end_time: '2026-11-24T10:00:00.000Z' });
    const batch = await nextLogBatch(db, USER);
    await db.app_sessions.update(log.session.id, { end_time: '2026-11-24T10:05:00.000Z' });
    if (batch) await markLogsSynced(db, batch);
    expect((await db.app_sessions.get(log.session.id))?.synced).toBe(0);
    const next = await nextLogBatch(db, USER);
    if (next) await markLogsSynced(db, next);
    expect((await db.app_sessions.get(log.session.id))?.synced).toBe(1);
    db.close();
  });
});
