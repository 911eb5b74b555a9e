import { chromium } from 'playwright-core';
const base = 'http://localhost:4999';
const block = process.argv[2] === 'block';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
for (let i = 0; i < 3; i++) {
  const ctx = await browser.newContext({ serviceWorkers: block ? 'block' : 'allow', viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  const res = await fetch(`${base}/api/v2/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'rep@demo.local', password: 'demo1234' }) });
  const a = await res.json() as any;
  await ctx.addCookies([{ name: 'hs_session', value: a.token, url: base, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto(`${base}/build-manifest.json`);
  await page.evaluate((s) => localStorage.setItem('hs.session', s), JSON.stringify({ _id: a._id, ref_id: a.ref_id, name: a.name, email: a.email, access: a.access, token: a.token, terms_accepted: a.terms_accepted, has_config: a.has_config }));
  await page.goto(`${base}/team`);
  await page.waitForFunction(() => performance.getEntriesByName('first-sync-done').length > 0, undefined, { timeout: 60000 });
  if (!block) await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  await page.waitForTimeout(3000);
  await ctx.close();
}
await browser.close();
