import type { Page } from 'playwright-core';
import { signInAdmin, startBenchApp } from './benchApp.ts';
import type { Figure } from './serverBench.ts';

const CONTACTS = Number(process.env.BENCH_MAP_CONTACTS ?? 100_000);
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10;
};

async function markAfter(page: Page, name: string, after: number): Promise<number> {
  const handle = await page.waitForFunction(
    ([n, t]) => performance.getEntriesByName(n as string).find((e) => e.startTime > (t as number))?.startTime,
    [name, after] as const,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

export async function mapBench(print: (f: Figure) => void): Promise<void> {
  const app = await startBenchApp('mapbench', CONTACTS);
  const { browser, url, token } = app;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAdmin(page, url, 300_000);
    await markAfter(page, 'pins-drawn', 0);

    // Opening the map with every pin on the device.
    const opens: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${url}/`);
      opens.push(await markAfter(page, 'pins-drawn', 0));
      if (process.env.BENCH_MAP_TRACE) {
        console.log(
          await page.evaluate(() =>
            JSON.stringify(
              performance
                .getEntries()
                .filter(
                  (e) => e.entryType === 'mark' || e.name.includes('/assets/') || e.name.includes('/geo/'),
                )
                .map((e) => [e.name.replace(/^.*\//, ''), Math.round(e.startTime), Math.round(e.duration)]),
            ),
          ),
        );
      }
    }
    print({ name: `map.open_to_pins_drawn_${CONTACTS / 1000}k`, value: median(opens), unit: 'ms' });

    // Recolouring: centre a lead at street level, open it, change its status.
    const leads = (await (
      await fetch(`${url}/api/v2/leads/get?limit=20`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { coordinates: [number, number] | null; name: string }[] };
    const recolours: number[] = [];
    for (const lead of leads.data.filter((l) => l.coordinates).slice(0, 7)) {
      const [lng, lat] = lead.coordinates as [number, number];
      await page.goto(`${url}/#19.5/${lat}/${lng}`);
      await page.reload();
      const drawn = await markAfter(page, 'pins-drawn', 0);
      const box = await page.getByRole('region', { name: 'Lead map' }).boundingBox();
      if (!box) throw new Error('no map');
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const panel = page.getByRole('dialog', { name: lead.name || '(no name)' });
      await panel.waitFor();
      // The first suggested status (the close button is the one with an aria-label).
      const button = panel.locator('button:not([aria-label])').first();
      const clickedAt = await button.evaluate((el) => {
        const t = performance.now();
        (el as HTMLElement).click();
        return t;
      });
      const updated = await markAfter(page, 'pins-updated', Math.max(clickedAt, drawn));
      recolours.push(updated - clickedAt);
    }
    print({ name: 'map.recolour', value: median(recolours), unit: 'ms' });

    // Pan and zoom over the whole set, counting main-thread long tasks.
    await page.goto(`${url}/#9/33.45/-112.07`);
    await page.reload();
    await markAfter(page, 'pins-drawn', 0);
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(e.duration);
      }).observe({ type: 'longtask' });
    });
    const box = await page.getByRole('region', { name: 'Lead map' }).boundingBox();
    if (!box) throw new Error('no map');
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const started = Date.now();
    let step = 0;
    while (Date.now() - started < 8000) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + (step % 2 ? 200 : -200), cy + (step % 3 ? 120 : -120), { steps: 12 });
      await page.mouse.up();
      await page.mouse.wheel(0, step % 4 < 2 ? -400 : 400);
      await page.waitForTimeout(150);
      step++;
    }
    await page.waitForTimeout(500);
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    print({ name: 'map.pan_zoom_long_tasks', value: longTasks.length, unit: 'count' });
    print({
      name: 'map.pan_zoom_long_task_total',
      value: Math.round(longTasks.reduce((a, b) => a + b, 0)),
      unit: 'ms',
    });
    print({ name: 'map.pan_zoom_long_task_max', value: Math.round(Math.max(0, ...longTasks)), unit: 'ms' });
    await context.close();
  } finally {
    await app.close();
  }
}
