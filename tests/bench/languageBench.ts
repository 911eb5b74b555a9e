/**
 * The cost of languages at start: the sign-in page's `app-ready` mark and the script bytes the page
 * fetched, for an English and a Spanish browser, each on a fresh (uncached) context, alternating,
 * so both see the same load. The Spanish catalogue is awaited before the first render.
 */
import type { Browser } from 'playwright-core';
import { startBenchApp } from './benchApp.ts';
import type { Figure } from './serverBench.ts';

const RUNS = Number(process.env.BENCH_LANGUAGE_RUNS ?? 7);
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
};

async function coldStart(browser: Browser, url: string, locale: string) {
  // No service worker: every load is a first visit, as the page alone fetches it.
  const context = await browser.newContext({ locale, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/auth/login`);
    const handle = await page.waitForFunction(
      () => performance.getEntriesByName('app-ready')[0]?.startTime,
      undefined,
      { timeout: 60_000 },
    );
    const ready = (await handle.jsonValue()) as number;
    const scriptBytes = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.endsWith('.js'))
        .reduce((sum, e) => sum + e.encodedBodySize, 0),
    );
    return { ready, scriptBytes };
  } finally {
    await context.close();
  }
}

export async function languageBench(print: (f: Figure) => void): Promise<void> {
  const app = await startBenchApp('languagebench', 10);
  try {
    const runs: Record<'en' | 'es', { ready: number[]; bytes: number[] }> = {
      en: { ready: [], bytes: [] },
      es: { ready: [], bytes: [] },
    };
    await coldStart(app.browser, app.url, 'en-US'); // warms the server's static files
    for (let i = 0; i < RUNS; i++) {
      for (const [language, locale] of [
        ['en', 'en-US'],
        ['es', 'es-MX'],
      ] as const) {
        const { ready, scriptBytes } = await coldStart(app.browser, app.url, locale);
        runs[language].ready.push(ready);
        runs[language].bytes.push(scriptBytes);
      }
    }
    for (const language of ['en', 'es'] as const) {
      print({ name: `sign_in_app_ready_${language}_ms`, value: median(runs[language].ready), unit: 'ms' });
      print({ name: `sign_in_script_bytes_${language}`, value: median(runs[language].bytes), unit: 'bytes' });
    }
  } finally {
    await app.close();
  }
}
