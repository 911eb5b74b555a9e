import { describe, expect, it } from 'vitest';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { pulledRows } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())("the org's branding on %s", (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'outsider']);

  const save = (who: UserKey, data: unknown) =>
    t.api.call('POST', '/api/v2/interfaces/edit', { token: t.tokens[who], body: { key: 'branding', data } });
  const pulledBranding = async (who: UserKey) =>
    (await pulledRows(t.api, t.tokens[who], 'interfaces')).filter((r) => r.key === 'branding');

  it('refuses a logo that is not https or an uploaded file, a colour that is not #RRGGBB, and extra fields', async () => {
    for (const data of [
      { logo_url: 'javascript:alert(1)', primary_color: null },
      { logo_url: 'http://example.com/logo.png', primary_color: null },
      { logo_url: null, primary_color: 'red' },
      { logo_url: null, primary_color: '#12345' },
      { logo_url: null },
      { logo_url: null, primary_color: null, script: 'x' },
    ]) {
      const res = await save('admin', data);
      expect(res.status, JSON.stringify(data)).toBe(400);
    }
    expect(await pulledBranding('admin')).toEqual([]);
  });

  it('refuses reps and managers', async () => {
    const data = { logo_url: null, primary_color: '#21A1D6' };
    expect((await save('rep', data)).status).toBe(403);
    expect((await save('manager', data)).status).toBe(403);
  });

  it('saves it for the org, and every member of that org pulls it; no other org does', async () => {
    const data = { logo_url: 'https://example.com/logo.png', primary_color: '#21A1D6' };
    expect((await save('admin', data)).status).toBe(200);
    const [rep] = await pulledBranding('rep');
    expect(rep?.data).toEqual(data);
    expect(await pulledBranding('outsider')).toEqual([]);
  });
});
