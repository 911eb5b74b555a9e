/**
 * What the browser benchmarks share: a fresh build, a server on its own seeded database, the demo
 * admin's terms accepted beforehand (so no modal covers the screen), and signing in as them.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser.ts';
import { login, startServer } from './benchServer.ts';

export interface BenchApp {
  browser: Browser;
  url: string;
  /** The demo admin's session token, for API calls beside the browser. */
  token: string;
  close(): Promise<void>;
}

/**
 * Builds the app, seeds `contacts` contacts into a new data folder and serves it; `seedArgs` are
 * further seed options (`--users 10000`…).
 */
export async function startBenchApp(
  name: string,
  contacts: number,
  seedArgs: string[] = [],
): Promise<BenchApp> {
  // BENCH_UNMINIFIED=1 keeps function names readable in a profile.
  const minify = process.env.BENCH_UNMINIFIED ? ['--minify', 'false'] : [];
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', ...minify], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const dir = mkdtempSync(join(tmpdir(), `hs-${name}-`));
  let server: { proc: ChildProcess; url: string } | undefined;
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  const close = async () => {
    await browser.close();
    if (server) {
      server.proc.kill('SIGTERM');
      if (server.proc.exitCode === null) await once(server.proc, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    execFileSync(process.execPath, ['server/db/seed/cli.ts', '--contacts', String(contacts), ...seedArgs], {
      env: { ...process.env, DATA_DIR: dir },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    server = await startServer({ DATA_DIR: dir });
    const url = server.url;
    const token = await acceptTerms(url, 'admin@demo.local');
    return { browser, url, token, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Makes the built-in geography the org's base map: a bare MapLibre page has no base map either, and
 * a street map would be tried on the internet first, which a bench machine may not reach.
 */
export async function chooseBuiltinBaseMap(url: string, token: string): Promise<void> {
  const chosen = await fetch(`${url}/api/v2/map/base`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ kind: 'builtin' }),
  });
  if (!chosen.ok) throw new Error(`choosing the built-in map failed: ${chosen.status}`);
}

/** Accepts the current terms for a demo account beforehand (so no modal covers the screen); its token. */
export async function acceptTerms(url: string, email: string): Promise<string> {
  const token = await login(url, email);
  const terms = (await (await fetch(`${url}/api/v2/legal/terms`)).json()) as { version: string };
  const res = await fetch(`${url}/api/v2/auth/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ tosVersion: terms.version }),
  });
  if (!res.ok) throw new Error(`accepting the terms for ${email} failed: ${res.status}`);
  return token;
}

/**
 * Signs a demo account in and waits until the device's first full sync has landed; answers the ms
 * from pressing 'Sign in' to the `first-sync-done` mark.
 */
export async function signIn(page: Page, url: string, email: string, timeout = 300_000): Promise<number> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill('demo1234');
  const started = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Sign in' }).click();
  const handle = await page.waitForFunction(
    () => performance.getEntriesByName('first-sync-done')[0]?.startTime,
    undefined,
    { timeout },
  );
  return ((await handle.jsonValue()) as number) - started;
}

/** Signs the demo admin in and waits until the device's first full sync has landed. */
export async function signInAdmin(page: Page, url: string, timeout = 300_000): Promise<void> {
  await signIn(page, url, 'admin@demo.local', timeout);
}

/** Marks each long task as a performance measure, to read in a trace (BENCH_*_TRACE=1). */
export async function traceLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        performance.measure(`longtask ${Math.round(e.duration)}`, {
          start: e.startTime,
          duration: e.duration,
        });
    }).observe({ type: 'longtask' });
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * Starts the page's JavaScript profiler (BENCH_*_PROFILE=1); the function returned stops it and
 * gives the 25 functions with the most self time, in ms, to see where a page load's time goes.
 */
export async function startProfile(page: Page): Promise<() => Promise<string>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    await cdp.detach();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id)?.callFrame;
      const where = frame
        ? `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber}`
        : '?';
      self.set(where, (self.get(where) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    // And what ran in each 50 ms of the load (timestamps are µs from the profile's start).
    const windows = new Map<number, Map<string, number>>();
    let t = 0;
    profile.samples.forEach((id, i) => {
      t += profile.timeDeltas[i] ?? 0;
      const frame = byId.get(id)?.callFrame;
      const where = frame
        ? `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\//, '')}:${frame.lineNumber}`
        : '?';
      const w = Math.floor(t / 50_000);
      const m = windows.get(w) ?? new Map<string, number>();
      m.set(where, (m.get(where) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      windows.set(w, m);
    });
    const timeline = [...windows]
      .map(
        ([w, m]) =>
          `\n  ${w * 50}: ${[...m]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 4)
            .map(([k, ms]) => `${Math.round(ms)} ${k}`)
            .join(' | ')}`,
      )
      .join('');
    return (
      timeline +
      [...self]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 25)
        .map(([where, ms]) => `\n  ${Math.round(ms)} ms ${where}`)
        .join('')
    );
  };
}
