import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PARAMS_CLEAR_MS, clearAuthParamsLater, withoutAuthParams } from './authParams.ts';

describe('sign-in parameters in the address', () => {
  afterEach(() => vi.useRealTimers());

  it('drops the sign-in ones and keeps the rest', () => {
    expect(withoutAuthParams('?auth_failed=1&return=%2Fcontacts')).toBe('?return=%2Fcontacts');
    expect(withoutAuthParams('?oidc=1')).toBe('');
    expect(withoutAuthParams('?token=abc&dev_key=k&oidc_error=failed&view=2')).toBe('?view=2');
    expect(withoutAuthParams('')).toBe('');
  });

  it('clears them from the address 2,000 ms after opening, keeping the history entry', () => {
    vi.useFakeTimers();
    const dom = new JSDOM('', { url: 'https://crm.test/auth/login?auth_failed=1&return=%2Fmap#top' });
    const win = dom.window as unknown as Window;
    win.history.replaceState({ key: 'k1' }, '');
    const length = win.history.length;
    clearAuthParamsLater(win);
    vi.advanceTimersByTime(AUTH_PARAMS_CLEAR_MS - 1);
    expect(win.location.search).toBe('?auth_failed=1&return=%2Fmap');
    vi.advanceTimersByTime(1);
    expect(win.location.href).toBe('https://crm.test/auth/login?return=%2Fmap#top');
    expect(win.history.state).toEqual({ key: 'k1' });
    expect(win.history.length).toBe(length);
  });

  it('does nothing once cancelled', () => {
    vi.useFakeTimers();
    const dom = new JSDOM('', { url: 'https://crm.test/?oidc=1' });
    const win = dom.window as unknown as Window;
    clearAuthParamsLater(win)();
    vi.advanceTimersByTime(AUTH_PARAMS_CLEAR_MS);
    expect(win.location.search).toBe('?oidc=1');
  });
});
