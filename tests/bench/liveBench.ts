/**
 * Live updates (`npm run bench -- live`), on a server with the demo org (BENCH_LIVE_CONTACTS
 * contacts, 5,000 by default) on embedded PGlite:
 * - live.poke_to_screen_median_ms: a rep changes a lead's status on its page; the time until the
 *   manager's open contacts table shows it (push after the engine's 1 s write delay, commit, poke,
 *   pull, render), median of BENCH_LIVE_RUNS (10);
 * - with BENCH_LIVE_STREAMS (500) streams open on the one instance:
 *   live.rss_per_stream_kb: the server's resident memory growth per open stream;
 *   live.idle_cpu_percent: the server's CPU over 30 s with every stream open and nothing written
 *   (heartbeats included);
 *   live.poke_p50_ms / live.poke_p99_ms: from sending a write to each stream reading its poke, over
 *   5 writes (the write's own round trip included);
 *   live.write_ms: that write's own round trip, median.
 * The app is built into ./dist first, unless BENCH_STATIC_DIR names a build to serve.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/browser.ts';
import { acceptTerms, signIn } from '../e2e/session.ts';
import { openPlainGrid } from '../e2e/tableScreen.ts';
import { type EventReader, pokeVersion, readEvents } from '../support/eventStream.ts';
import { login, startServer } from './benchServer.ts';
import { measureCpu } from './machineCpu.ts';
import type { Figure } from './serverBench.ts';

const CONTACTS = Number(process.env.BENCH_LIVE_CONTACTS ?? 5_000);
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? 10);
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 500);
const IDLE_SECONDS = 30;

interface Lead {
  _id: string;
  name: string;
  owner_id: string | null;
  deal_stage_status: string | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
}

async function api<T>(url: string, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** A lead the demo rep owns (on the manager's table as well: the manager leads the rep's team). */
async function repLead(url: string, repToken: string): Promise<Lead> {
  const me = await api<{ _id: string }>(url, repToken, '/api/v2/auth/validate', {});
  const { data } = await api<{ data: Lead[] }>(url, repToken, '/api/v2/leads/get?limit=100');
  const lead = data.find((l) => l.owner_id === me._id && l.name);
  if (!lead) throw new Error('the demo rep owns no lead');
  return lead;
}

async function pokeToScreen(url: string, lead: Lead, print: (f: Figure) => void): Promise<void> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const managerPage = await (await browser.newContext()).newPage();
    const repPage = await (await browser.newContext()).newPage();
    const firstSync = (page: Page) =>
      page.waitForFunction(() => performance.getEntriesByName('first-sync-done').length > 0, undefined, {
        timeout: 300_000,
      });
    await signIn(managerPage, url, 'manager@demo.local');
    await firstSync(managerPage);
    await managerPage.getByRole('link', { name: 'Contacts', exact: true }).click();
    await openPlainGrid(managerPage);
    await managerPage.getByLabel('Search contacts').fill(lead.name);
    const selector = `table[aria-label="Contacts"] tbody tr[data-id="${lead._id}"] select`;
    await managerPage.locator(selector).waitFor();

    await signIn(repPage, url, 'rep@demo.local');
    await firstSync(repPage);
    await repPage.goto(`${url}/contacts/${lead._id}`);
    const picker = repPage.locator('input').and(repPage.getByLabel('Status', { exact: true }));
    await picker.waitFor();

    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const status = run % 2 === 0 ? 'Not Home 1' : 'Not Home 2';
      const value = await picker.inputValue();
      const target = value === status ? (status === 'Not Home 1' ? 'Not Home 2' : 'Not Home 1') : status;
      await picker.click();
      const option = repPage.getByRole('option', { name: target, exact: true });
      await option.waitFor();
      // Both pages run in one browser on one machine: their clocks agree.
      const clickedAt = await option.evaluate((el) => {
        const at = Date.now();
        (el as HTMLElement).click();
        return at;
      });
      const seen = await managerPage.waitForFunction(
        ({ selector, target }) => {
          const select = document.querySelector<HTMLSelectElement>(selector);
          return select?.value === target ? Date.now() : false;
        },
        { selector, target },
        { timeout: 60_000, polling: 'raf' },
      );
      times.push(Number(await seen.jsonValue()) - clickedAt);
    }
    print({ name: 'live.poke_to_screen_median_ms', value: median(times), unit: 'ms' });
  } finally {
    await browser.close();
  }
}

async function manyStreams(
  url: string,
  pid: number,
  tokens: string[],
  lead: Lead,
  repToken: string,
  print: (f: Figure) => void,
): Promise<void> {
  const before = rssKb(pid);
  const streams: EventReader[] = [];
  try {
    for (let i = 0; i < STREAMS; i++) {
      const res = await fetch(`${url}/api/v2/events/stream`, {
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      });
      if (res.status !== 200) throw new Error(`stream ${i} answered ${res.status}`);
      const stream = readEvents(res);
      await stream.next(30_000);
      streams.push(stream);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    print({ name: 'live.rss_per_stream_kb', value: round((rssKb(pid) - before) / STREAMS), unit: 'kB' });

    const meter = measureCpu([pid]);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = (meter.stop().processes[0] ?? 0) * 100;
    print({ name: 'live.idle_cpu_percent', value: round(idle), unit: '%' });

    // Heartbeats read meanwhile are skipped by the reader; each write's poke is then awaited.
    const latencies: number[] = [];
    const writes: number[] = [];
    for (let run = 0; run < 5; run++) {
      const sentAt = performance.now();
      const arrivals = streams.map(async (stream) => {
        pokeVersion(await stream.next(30_000));
        return performance.now() - sentAt;
      });
      await api(url, repToken, '/api/v2/leads/edit', {
        _id: lead._id,
        deal_stage_status: run % 2 === 0 ? 'Not Home 1' : 'Not Home 2',
      });
      writes.push(performance.now() - sentAt);
      latencies.push(...(await Promise.all(arrivals)));
    }
    print({ name: 'live.poke_p50_ms', value: round(percentile(latencies, 50)), unit: 'ms' });
    print({ name: 'live.poke_p99_ms', value: round(percentile(latencies, 99)), unit: 'ms' });
    print({ name: 'live.write_ms', value: round(median(writes)), unit: 'ms' });
  } finally {
    await Promise.all(streams.map((s) => s.close()));
  }
}

export async function liveBench(print: (f: Figure) => void): Promise<void> {
  const staticDir = process.env.BENCH_STATIC_DIR;
  if (!staticDir) {
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'hs-live-'));
  let server: { proc: ChildProcess; url: string } | undefined;
  try {
    execFileSync(process.execPath, ['server/db/seed/cli.ts', '--contacts', String(CONTACTS)], {
      env: { ...process.env, DATA_DIR: dir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Its many streams share three sessions: far past the caps a real device meets.
    server = await startServer({
      DATA_DIR: dir,
      LIVE_STREAMS_PER_SESSION: String(STREAMS),
      LIVE_STREAMS_PER_USER: String(STREAMS),
      LIVE_STREAMS_MAX: String(Math.max(2_000, STREAMS + 10)),
      ...(staticDir ? { STATIC_DIR: staticDir } : {}),
    });
    const { url } = server;
    for (const email of ['manager@demo.local', 'rep@demo.local']) await acceptTerms(url, email);
    const repToken = await login(url, 'rep@demo.local');
    const lead = await repLead(url, repToken);
    await pokeToScreen(url, lead, print);
    const tokens = [
      await login(url, 'manager@demo.local'),
      await login(url, 'admin@demo.local'),
      await login(url, 'rep@demo.local'),
    ];
    await manyStreams(url, server.proc.pid as number, tokens, lead, repToken, print);
    await api(url, repToken, '/api/v2/leads/edit', {
      _id: lead._id,
      deal_stage_status: lead.deal_stage_status ?? '',
    });
  } finally {
    if (server) {
      server.proc.kill('SIGTERM');
      if (server.proc.exitCode === null) await once(server.proc, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
