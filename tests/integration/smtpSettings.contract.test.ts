/**
 * The org's mail server (Settings → Email, `/api/v2/settings/email`): admins read, save and remove
 * it; the password is sealed at rest and never answered; the host must pass the outgoing address
 * policy (a private one only with OUTBOUND_ALLOW_PRIVATE); a test email reaches a local mail
 * catcher, or says coarsely why not; other roles, other orgs and hostile input are refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgSmtpSettings } from '#server/db/schema.ts';
import { useResolver } from '#server/services/outbound/outboundFetch.ts';
import { secretBoxOf } from '#server/services/secretBox.ts';
import { SMTP_ADDRESS_REFUSED, SMTP_NOT_CONFIGURED, SMTP_SETTINGS_DENIED } from '#src/domain/schemas/smtp.ts';
import { createTestApi, testConfig } from '../support/api.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type SmtpCatcher, startSmtpCatcher } from '../support/smtpCatcher.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

const PATH = '/api/v2/settings/email';

describe.each(testDatabaseKinds('both'))('the org’s mail server settings on %s', (kind) => {
  const config = testConfig({ limits: { ...testConfig().limits, smtpTest: { burst: 20, perSeconds: 60 } } });
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'guest', 'outsider', 'superAdmin'], config);
  let catcher: SmtpCatcher;
  let locked: SmtpCatcher;
  beforeAll(async () => {
    catcher = await startSmtpCatcher();
    locked = await startSmtpCatcher({ auth: { user: 'crm', pass: 'right password' } });
  });
  afterAll(async () => {
    await catcher?.close();
    await locked?.close();
  });

  const call = (method: string, who: UserKey | null, body?: unknown, path = PATH, headers = {}) =>
    t.api.call(method, path, { ...(who ? { token: t.tokens[who] } : {}), body, headers });
  const settings = (port: number, extra: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port,
    security: 'none',
    username: '',
    from_address: 'crm@demo-solar.example',
    from_name: 'Demo Solar',
    ...extra,
  });

  it('an admin saves the mail server; the password is sealed, never answered, kept, replaced or removed', async () => {
    expect((await call('GET', 'admin')).body.data).toEqual({ settings: null, server_default: null });
    const saved = await call(
      'PUT',
      'admin',
      settings(locked.port, { username: 'crm', password: 'right password' }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      settings: {
        host: '127.0.0.1',
        port: locked.port,
        security: 'none',
        username: 'crm',
        from_address: 'crm@demo-solar.example',
        from_name: 'Demo Solar',
        password_set: true,
      },
      server_default: null,
    });
    expect(JSON.stringify(saved.body)).not.toContain('right password');
    const [row] = await t.tdb.handle.db
      .select()
      .from(orgSmtpSettings)
      .where(eq(orgSmtpSettings.org_id, t.world.org));
    expect(row?.password_enc).toMatch(/^v2\./);
    expect(row?.password_enc).not.toContain('right password');
    expect(secretBoxOf(config).open(row?.password_enc as string, 'smtp.password')).toBe('right password');
    expect(() => secretBoxOf(config).open(row?.password_enc as string, 'webhook.secret')).toThrow();

    // No password sent: the one set is kept, and the test email signs in with it.
    await call('PUT', 'admin', settings(locked.port, { username: 'crm', from_name: 'Demo Solar Sales' }));
    const test = await call('POST', 'admin', { to: 'admin@demo-solar.example' }, `${PATH}/test`);
    expect(test.body.data, JSON.stringify(test.body)).toEqual({ sent: true });
    const mail = await locked.nth(1);
    expect(mail.to).toEqual(['admin@demo-solar.example']);
    expect(mail.headers.subject).toBe('Test email from Demo Solar');
    expect(mail.headers.from).toBe('Demo Solar Sales <crm@demo-solar.example>');

    // A wrong password is said as a refused sign-in, nothing more.
    await call('PUT', 'admin', settings(locked.port, { username: 'crm', password: 'wrong' }));
    expect((await call('POST', 'admin', { to: 'a@demo-solar.example' }, `${PATH}/test`)).body.data).toEqual({
      sent: false,
      failure: 'auth',
    });
    const removed = await call('PUT', 'admin', settings(locked.port, { username: 'crm', password: null }));
    expect(removed.body.data).toMatchObject({ settings: { password_set: false } });
  });

  it('a test email in Spanish reaches the catcher; a closed port, a TLS mismatch and no settings are said plainly', async () => {
    await call('PUT', 'admin', settings(catcher.port));
    const before = catcher.messages.length;
    const sent = await call(
      'POST',
      'admin',
      { to: 'admin@demo-solar.example', language: 'es' },
      `${PATH}/test`,
    );
    expect(sent.body.data).toEqual({ sent: true });
    expect((await catcher.nth(before + 1)).headers.subject).toBe('Correo de prueba de Demo Solar');

    // STARTTLS against the catcher's self-signed certificate: the certificate is checked.
    await call('PUT', 'admin', settings(catcher.port, { security: 'starttls' }));
    expect((await call('POST', 'admin', { to: 'a@demo-solar.example' }, `${PATH}/test`)).body.data).toEqual({
      sent: false,
      failure: 'tls',
    });
    const down = await startSmtpCatcher();
    await down.close();
    await call('PUT', 'admin', settings(down.port));
    const refused = await call('POST', 'admin', { to: 'a@demo-solar.example' }, `${PATH}/test`);
    expect(refused.status).toBe(200);
    expect(refused.body.data).toEqual({ sent: false, failure: 'connection' });

    const cleared = await call('DELETE', 'admin');
    expect(cleared.body.data).toEqual({ settings: null, server_default: null });
    expect(await call('POST', 'admin', { to: 'a@demo-solar.example' }, `${PATH}/test`)).toMatchObject({
      status: 400,
      body: { message: SMTP_NOT_CONFIGURED },
    });
  });

  it('refuses other roles, no session, and another org’s admin; each org sees only its own', async () => {
    await call('PUT', 'admin', settings(catcher.port));
    for (const who of ['manager', 'rep', 'guest'] as const) {
      expect(await call('GET', who)).toMatchObject({ status: 403, body: { message: SMTP_SETTINGS_DENIED } });
      expect((await call('PUT', who, settings(catcher.port))).status).toBe(403);
      expect((await call('DELETE', who)).status).toBe(403);
      expect((await call('POST', who, { to: 'a@demo-solar.example' }, `${PATH}/test`)).status).toBe(403);
    }
    for (const method of ['GET', 'DELETE']) expect((await call(method, null)).status).toBe(401);
    // The other org's admin sees none, and may not act in this org.
    expect((await call('GET', 'outsider')).body.data).toEqual({ settings: null, server_default: null });
    expect((await call('GET', 'outsider', undefined, PATH, { 'x-org-id': String(t.world.org) })).status).toBe(
      403,
    );
    expect((await call('DELETE', 'outsider')).status).toBe(200);
    expect((await call('GET', 'admin')).body.data).toMatchObject({ settings: { host: '127.0.0.1' } });
    // A super admin acting in the other org changes that org's only.
    const elsewhere = await call('PUT', 'superAdmin', settings(1025), PATH, {
      'x-org-id': String(t.world.otherOrg),
    });
    expect(elsewhere.status).toBe(200);
    expect((await call('GET', 'admin')).body.data).toMatchObject({ settings: { port: catcher.port } });
  });

  it('refuses hostile and malformed settings and test addresses', async () => {
    const bad: Record<string, unknown>[] = [
      { host: 'smtp.example.com\r\nX-Injected: 1' },
      { host: 'https://smtp.example.com' },
      { host: 'smtp.example.com:25' },
      { host: 'a'.repeat(300) },
      { host: '' },
      { port: 0 },
      { port: 65_536 },
      { port: 25.5 },
      { port: '25' },
      { security: 'ssl' },
      { username: 'crm\r\nRCPT TO:<x@evil.example>' },
      { password: 'p'.repeat(513) },
      { from_address: 'crm@demo-solar.example\r\nBcc: everyone@evil.example' },
      { from_address: 'Demo Solar <crm@demo-solar.example>' },
      { from_address: `${'a'.repeat(250)}@x.example` },
      { from_name: 'Demo\r\nBcc: everyone@evil.example' },
      { from_name: 'n'.repeat(101) },
      { extra: true },
    ];
    for (const change of bad) {
      const res = await call('PUT', 'admin', settings(catcher.port, change));
      expect(res.status, JSON.stringify(change)).toBe(400);
    }
    for (const to of [
      'a@demo-solar.example\r\nBcc: everyone@evil.example',
      'a@demo-solar.example\nBcc: everyone@evil.example',
      'Someone <a@demo-solar.example>',
      'a@demo-solar.example, b@demo-solar.example',
      `${'a'.repeat(250)}@x.example`,
      '',
    ]) {
      const res = await call('POST', 'admin', { to }, `${PATH}/test`);
      expect(res.status, to).toBe(400);
    }
    expect(
      (await call('POST', 'admin', { to: 'a@demo-solar.example', language: 'fr' }, `${PATH}/test`)).status,
    ).toBe(400);
  });

  it('refuses a mail server on a private address unless private addresses are allowed, however it is spelled', async () => {
    const strictConfig = testConfig({ outboundAllowPrivate: false });
    const strict = createTestApi(t.tdb.handle.db, strictConfig);
    const save = (host: string) =>
      strict.call('PUT', PATH, { token: t.tokens.admin, body: settings(25, { host }) });
    for (const host of [
      '127.0.0.1',
      '2130706433',
      'localhost',
      '10.1.2.3',
      '[::1]',
      '169.254.169.254',
      '192.168.0.10',
    ]) {
      expect(await save(host), host).toMatchObject({ status: 400, body: { message: SMTP_ADDRESS_REFUSED } });
    }
    // A name is judged by every address it resolves to.
    useResolver(strictConfig, async (host) =>
      host === 'mail.demo-solar.example'
        ? [
            { address: '203.0.113.7', family: 4 },
            { address: '10.0.0.5', family: 4 },
          ]
        : [{ address: '203.0.113.8', family: 4 }],
    );
    expect(await save('mail.demo-solar.example')).toMatchObject({
      status: 400,
      body: { message: SMTP_ADDRESS_REFUSED },
    });
    expect((await save('smtp.public.example')).status).toBe(200);
    // Link-local (the cloud metadata address) is refused even where private addresses are allowed.
    expect((await call('PUT', 'admin', settings(25, { host: '169.254.169.254' }))).status).toBe(400);
  });

  it('throttles test emails per org', async () => {
    const throttled = createTestApi(
      t.tdb.handle.db,
      testConfig({ limits: { ...testConfig().limits, smtpTest: { burst: 2, perSeconds: 3600 } } }),
    );
    await call('PUT', 'admin', settings(catcher.port));
    const test = () =>
      throttled.call('POST', `${PATH}/test`, { token: t.tokens.admin, body: { to: 'a@demo-solar.example' } });
    expect((await test()).status).toBe(200);
    expect((await test()).status).toBe(200);
    const third = await test();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // A rep's refused tries spend nothing of it: they are refused as not allowed.
    expect(
      (
        await throttled.call('POST', `${PATH}/test`, {
          token: t.tokens.rep,
          body: { to: 'a@demo-solar.example' },
        })
      ).status,
    ).toBe(403);
  });

  it('falls back on the server’s own settings (SMTP_*), whose relay may be on this machine', async () => {
    await call('DELETE', 'admin');
    const operated = createTestApi(
      t.tdb.handle.db,
      testConfig({
        outboundAllowPrivate: false,
        smtp: {
          host: '127.0.0.1',
          port: catcher.port,
          security: 'none',
          username: '',
          password: '',
          from_address: 'noreply@crm.example',
          from_name: 'CRM',
        },
      }),
    );
    const read = await operated.call('GET', PATH, { token: t.tokens.admin });
    expect(read.body.data).toEqual({
      settings: null,
      server_default: { from_address: 'noreply@crm.example', from_name: 'CRM' },
    });
    const before = catcher.messages.length;
    const sent = await operated.call('POST', `${PATH}/test`, {
      token: t.tokens.admin,
      body: { to: 'admin@demo-solar.example' },
    });
    expect(sent.body.data).toEqual({ sent: true });
    expect((await catcher.nth(before + 1)).headers.from).toBe('CRM <noreply@crm.example>');
  });
});
