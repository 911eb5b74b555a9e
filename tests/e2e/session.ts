/** Signing a demo user in from a browser test, whatever other suites did before. */
import type { Page } from 'playwright-core';
import { SESSION_STORAGE_KEY, type SignedInUser, storedUserOf } from '#src/features/auth/utils/storedUser.ts';

export async function apiToken(baseUrl: string, email: string, password = 'demo1234'): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Accepts the current terms for a user through the API, so no privacy modal stands in the way of
 * the journey under test (suites share one server and run in any order). Gives the version.
 */
export async function acceptTerms(baseUrl: string, email: string, token?: string): Promise<string> {
  const bearer = token ?? (await apiToken(baseUrl, email));
  const terms = (await (await fetch(`${baseUrl}/api/v2/legal/terms`)).json()) as { version: string };
  const res = await fetch(`${baseUrl}/api/v2/auth/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
    body: JSON.stringify({ tosVersion: terms.version }),
  });
  if (!res.ok) throw new Error(`accepting the terms for ${email} failed: ${res.status}`);
  return terms.version;
}

/**
 * Signs a demo user in as the sign-in page does, without the typing (terms accepted beforehand):
 * the session comes from the API, and the device keeps it as after a sign-in (the session cookie
 * and the signed-in user in local storage); then the app opens on `path`. The sign-in page's own
 * journeys (password, errors, Spanish, third-party) are in signIn, spanish and oidcSignIn. A journey
 * that does not need the map opens where it starts: the map is the costliest screen to open (some
 * twice the main-thread time of a table), so '/' is for the journeys that use it.
 */
export async function signIn(page: Page, baseUrl: string, email: string, path = '/'): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  const signedIn = (await res.json()) as SignedInUser;
  const answer = { ...signedIn, terms_accepted: await acceptTerms(baseUrl, email, signedIn.token) };
  await page
    .context()
    .addCookies([{ name: 'hs_session', value: answer.token, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
  // Local storage is per origin: a light page of the site first, then the app.
  await page.goto(`${baseUrl}/build-manifest.json`);
  await page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [
    SESSION_STORAGE_KEY,
    JSON.stringify(storedUserOf(answer)),
  ] as const);
  await page.goto(`${baseUrl}${path}`);
}

/** A reader of the API as a demo user, to check what reached the server. */
export async function apiAs(baseUrl: string, email: string) {
  const token = await apiToken(baseUrl, email);
  return async <T = { data: Record<string, unknown>[] }>(path: string): Promise<T> => {
    const answer = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return (await answer.json()) as T;
  };
}

/** Waits until the app has set a performance mark (DESIGN.md: app-ready, first-sync-done, pins-drawn). */
export async function waitForMark(page: Page, name: string, timeout = 60_000): Promise<void> {
  await page.waitForFunction((n) => performance.getEntriesByName(n).length > 0, name, { timeout });
}

/** The demo user's own record as the server answers it to a token check (their `_id` and rights). */
export async function validateAs(baseUrl: string, email: string): Promise<{ _id: string }> {
  const token = await apiToken(baseUrl, email);
  const answer = await fetch(`${baseUrl}/api/v2/auth/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: '{}',
  });
  if (!answer.ok) throw new Error(`validating ${email} failed: ${answer.status}`);
  return (await answer.json()) as { _id: string };
}

/**
 * Opens a screen as the app's own links do, without loading the page again: a load boots the whole
 * app (about a second of a core for a table, three or more for the map), a link does not. For a
 * journey that moves on to a screen a person reaches by the app's links or menus; `page.goto` is
 * for what only a load shows (an offline reload, a deep link, a new build). Loads the page instead
 * when the app's shell is not on screen (the first visit, the sign-in page, the fatal error page).
 * Resolves once the new screen's heading is there: a heading element the last screen did not
 * have, or other words.
 */
export async function openScreen(page: Page, baseUrl: string, path: string): Promise<void> {
  const origin = new URL(baseUrl).origin;
  const before = await page
    .evaluate((o) => {
      if (location.origin !== o || !document.querySelector('nav[aria-label="Main"]')) return undefined;
      const heading = document.querySelector('h1');
      heading?.setAttribute('data-walk-left', '');
      return { href: location.href, heading: heading?.textContent ?? '' };
    }, origin)
    .catch(() => undefined);
  if (!before) {
    await page.goto(`${baseUrl}${path}`);
    return;
  }
  if (before.href === new URL(path, origin).href) return;
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(
    (left) => {
      const heading = document.querySelector('h1');
      return (
        location.href !== left.href &&
        heading !== null &&
        (!heading.hasAttribute('data-walk-left') || heading.textContent !== left.heading)
      );
    },
    before,
    { timeout: 30_000 },
  );
}
