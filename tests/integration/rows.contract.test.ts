/**
 * The shared row schemas (`src/domain/schemas/rows.ts`) against what the server really sends: write
 * a row of each table through sync and the API, pull, and parse every pulled row with its schema.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { ROW_SCHEMAS, type RowTable } from '#src/domain/schemas/rows.ts';
import { useApiWorld } from '../support/apiWorld.ts';
import { pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('pulled rows parse with the shared row schemas on %s', (kind) => {
  const t = useApiWorld(kind, ['admin']);

  it('a row of every table', async () => {
    const leadId = randomUUID();
    const cardId = randomUUID();
    const [org] = await t.tdb.handle.db
      .select({ uuid: schema.orgs.uuid })
      .from(schema.orgs)
      .where(eq(schema.orgs.id, t.world.org));
    const save = (table: string, fields: Record<string, unknown>) => ({
      name: 'record.save.v1',
      args: { table, id: randomUUID(), create: true, fields },
    });
    const pushed = await pushMutations(t.api, t.tokens.admin, [
      {
        name: 'lead.add.v1',
        args: { id: leadId, name: 'Row Schema', phone: '5551234567', address: '1 Main St, Austin, TX 78701' },
      },
      { name: 'lead.edit.v1', args: { id: leadId, deal_stage_status: 'Not Home 1' } },
      save('notes', { lead_id: leadId, body: '<p>Hello</p>' }),
      save('appointments', { lead_id: leadId, start_time: '2030-01-02T15:00:00.000Z' }),
      save('media', { lead_id: leadId, name: 'roof.jpg', mimetype: 'image/jpeg', size: 10 }),
      save('table_views', { name: 'Mine', table_name: 'contacts', view_type: 3 }),
      save('teams', { name: 'Row Team' }),
      save('products', { name: 'Panel', price: 10 }),
      save('sales_channels', { name: 'Door to door' }),
      save('regions', { name: 'Row Region', color: '#21A1D6' }),
      save('announcements', { category: 'General', title: 'Row update', content: 'Hi <b>all</b>' }),
      save('layouts', { name: 'Row layout', cards: [cardId], is_global: true }),
      save('proposals', {
        lead_id: leadId,
        name: 'Option A',
        status: 'Sent',
        option: 'Loan',
        date: '2030-01-02',
        panels: 20,
        amount: 24000,
        details: { annual_kwh: 11680, sun_hours: 5, panel_wattage: 400, system_kw: 8 },
      }),
      {
        name: 'record.save.v1',
        args: {
          table: 'cards',
          id: cardId,
          create: true,
          fields: {
            title: 'Row card',
            type: 'number',
            card_layout: { x: 0, y: 0, w: 3, h: 2 },
            config: { table: 'contacts', filters: [], match: 'all', measure: { op: 'count' } },
          },
        },
      },
      // The org's row is pulled once it has a version: after its first change.
      { name: 'record.save.v1', args: { table: 'orgs', id: org?.uuid, fields: { name: 'Demo Solar' } } },
      {
        name: 'user_config.save.v1',
        args: {
          map_layouts: [
            {
              name: 'lead_map',
              layers: { pins: true },
              view: { longitude: -97.7, latitude: 30.3, zoom: 12 },
            },
          ],
        },
      },
      // A person's availability and a team's distribution rule (availability.contract.test.ts covers them).
      {
        name: 'availability.save.v1',
        args: {
          user_id: t.world.users.admin.id,
          fields: {
            weekly_hours: { mon: [{ start: '09:00', end: '17:00' }] },
            time_off: [{ id: randomUUID(), from: '2030-01-01', to: '2030-01-02', note: 'Away' }],
            time_zone: 'America/Chicago',
            home_base: { address: '1 Main St', lng: -97.74, lat: 30.27 },
          },
        },
      },
      {
        name: 'distribution_rule.save.v1',
        args: { id: t.world.teams.a, scope: 'team', kind: 'nearest', daily_cap: 4, window_days: 30 },
      },
    ]);
    expect(pushed.status, JSON.stringify(pushed.body)).toBe(200);
    const results = pushed.body.results as { status: string; message?: string }[];
    expect(
      results.filter((r) => r.status !== 'applied'),
      JSON.stringify(results),
    ).toEqual([]);

    const interfaceSaved = await t.api.call('POST', '/api/v2/interfaces/edit', {
      token: t.tokens.admin,
      body: { key: 'deal_stage', type: 'config', data: DEFAULT_DEAL_STAGES },
    });
    expect(interfaceSaved.status, JSON.stringify(interfaceSaved.body)).toBe(200);
    // A turf as a cut stores it (the turfs contract test covers the call itself).
    const cut = await t.api.call('POST', '/api/v2/turfs/cut', {
      token: t.tokens.admin,
      body: {
        region_id: t.world.regions.a,
        turfs: [
          {
            id: randomUUID(),
            name: 'Row turf',
            color: '#21A1D6',
            user_id: t.world.users.admin.id,
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-97.8, 30.2],
                  [-97.7, 30.2],
                  [-97.7, 30.3],
                  [-97.8, 30.2],
                ],
              ],
            },
          },
        ],
      },
    });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    // A named role as roles/add stores it (the roles contract test covers the call itself).
    await t.tdb.handle.db
      .insert(schema.roles)
      .values({ org_id: t.world.org, id: 100, name: 'Row role', permissions: ['teams.manage'] });

    // The admin's own notification, as the server's notify helper stores one.
    await t.tdb.handle.db.insert(schema.notifications).values({
      org_id: t.world.org,
      user_id: t.world.users.admin.id,
      title: 'Lead assigned',
      message: 'Row Schema',
      link: `/contacts/${leadId}`,
    });

    for (const table of Object.keys(ROW_SCHEMAS) as RowTable[]) {
      const rows = await pulledRows(t.api, t.tokens.admin, table);
      expect(rows.length, `${table} rows pulled`).toBeGreaterThan(0);
      for (const row of rows) {
        const parsed = ROW_SCHEMAS[table].safeParse(row);
        expect(parsed.success, `${table} ${JSON.stringify(row)}\n${parsed.error?.message}`).toBe(true);
      }
    }
  });
});
