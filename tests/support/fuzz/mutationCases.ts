/** MUTATIONS: the fuzz case of every sync mutation (pushed through /api/v2/sync/push); unknown names. */
import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { canonicalJson, type SignedContent } from '#src/domain/proposals/signature.ts';
import { proposalSignSchema } from '#src/domain/proposals/signatureSchema.ts';
import { availabilitySaveSchema, distributionRuleSaveSchema } from '#src/domain/schemas/availability.ts';
import { uuidSchema } from '#src/domain/schemas/common.ts';
import { knockPositionSchema } from '#src/domain/schemas/knocks.ts';
import { leadAddSchema, leadEditSchema } from '#src/domain/schemas/lead.ts';
import { notificationReadMutationSchema } from '#src/domain/schemas/notification.ts';
import {
  type RecordTable,
  recordDeleteSchema,
  recordFieldsSchema,
  recordTableSchema,
} from '#src/domain/schemas/records.ts';
import { profileSaveSchema, userEditSchema } from '#src/domain/schemas/user.ts';
import { userConfigUpdateSchema } from '#src/domain/schemas/userConfig.ts';
import { type Base, iso } from './fuzzCase.ts';
import type { Env } from './fuzzEnv.ts';
import { shapeKeys } from './schemaPaths.ts';

/** The case that pushes names the server does not know (UNKNOWN_NAMES) with plausible args. */
export const UNKNOWN_MUTATION = '(unknown name)';

const recordBase = (table: RecordTable, fields: (e: Env) => Record<string, unknown>): Base => ({
  build: (e) => ({ table, id: randomUUID(), create: true, fields: fields(e) }),
  schema: z.object({
    table: recordTableSchema,
    id: uuidSchema,
    create: z.boolean(),
    fields: recordFieldsSchema(table, true),
  }),
  fields: [
    ['table'],
    ['id'],
    ['create'],
    ...shapeKeys(recordFieldsSchema(table, false)).map((k) => ['fields', k]),
  ],
});

export const MUTATIONS: Record<string, Base[]> = {
  'lead.add.v1': [
    { build: () => ({ id: randomUUID(), name: 'Sync Fuzz', phone: '6025550111' }), schema: leadAddSchema },
  ],
  'lead.edit.v1': [
    {
      build: (e) => ({ _id: e.lead, utility_notes: 'x', base_versions: { deal_stage_status: 0 } }),
      schema: leadEditSchema,
      exclude: ['deleted'],
      fields: [...shapeKeys(leadEditSchema).map((k) => [k]), ['base_versions', 'owner_id']],
    },
    // A knock: a status change with where the device was, each of the position's fields fuzzed.
    {
      build: (e) => ({
        _id: e.lead,
        deal_stage_status: 'Not Home 1',
        knock: { lat: 33.45, lng: -112.07, accuracy: 12, at: iso },
      }),
      schema: leadEditSchema,
      exclude: ['deleted'],
      fields: [['deal_stage_status'], ['knock'], ...shapeKeys(knockPositionSchema).map((k) => ['knock', k])],
    },
  ],
  'profile.save.v1': [
    { build: () => ({ name: 'Fuzz Admin', phone: '6025550199' }), schema: profileSaveSchema },
  ],
  'user.edit.v1': [{ build: (e) => ({ id: e.victim, first_name: 'Victor' }), schema: userEditSchema }],
  'record.save.v1': [
    recordBase('table_views', () => ({
      name: 'Fuzz view',
      table_name: 'contacts',
      headers: [{ key: 'name' }],
    })),
    recordBase('notes', (e) => ({ lead_id: e.lead, type: 'Lead', body: 'Fuzz note' })),
    recordBase('appointments', (e) => ({
      lead_id: e.lead,
      start_time: iso,
      end_time: iso,
      appointment_date: '2026-01-15',
    })),
    recordBase('media', (e) => ({ lead_id: e.lead, name: 'roof.png', mimetype: 'image/png', size: 10 })),
    recordBase('teams', (e) => ({ name: 'Fuzz team', region_id: e.w.world.regions.a })),
    recordBase('products', () => ({ name: 'Panel', price: 10.5, active: true })),
    recordBase('sales_channels', () => ({ name: 'Door' })),
    recordBase('orgs', () => ({ name: 'Org' })),
    // A valid outline, so each fuzzed field is the only thing wrong (and a save places contacts).
    recordBase('regions', () => ({
      name: 'Fuzz region',
      color: '#21A1D6',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-112.2, 33.3],
            [-111.9, 33.3],
            [-111.9, 33.6],
            [-112.2, 33.3],
          ],
        ],
      },
    })),
    recordBase('survey_templates', () => ({
      name: 'Survey',
      questions: [{ id: 'roof', type: 'short_text', label: 'Roof age?', required: false }],
    })),
    recordBase('surveys', (e) => ({ template_id: e.template, lead_id: e.lead, responses: { roof: '10' } })),
    recordBase('announcements', () => ({
      category: 'General',
      title: 'Fuzz update',
      date: iso,
      content: 'Read <b>this</b>',
      link: { url: 'https://example.com', button_text: 'Open' },
      image_url: 'https://example.com/a.png',
      files: [{ name: 'a.pdf', url: 'https://example.com/a.pdf' }],
    })),
    recordBase('contests', (e) => ({
      name: 'Fuzz contest',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      description: 'Most sales wins',
      contest_type: 'Fast Start',
      contest_qualifier: 'Random',
      team_ids: [e.w.world.teams.a],
      region_ids: [e.w.world.regions.a],
    })),
    recordBase('proposals', (e) => ({
      lead_id: e.lead,
      name: 'Fuzz proposal',
      financer: 'Fuzz Finance',
      option: 'Loan',
      date: '2026-01-15',
      panels: 20,
      status: 'Sent',
      survey_id: null,
      survey_response: null,
      amount: 24000,
      details: {
        utility: 'APS',
        usage_source: 'annual',
        annual_kwh: 11680,
        sun_hours: 5,
        panel_wattage: 400,
      },
    })),
    recordBase('automations', (e) => ({
      name: 'Fuzz automation',
      description: 'Tells the team',
      enabled: false,
      trigger: { type: 'status_changed', from: null, to: 'Appointment Set' },
      conditions: { match: 'all', rules: [{ field: 'team_id', op: 'eq', value: e.w.world.teams.a }] },
      actions: [
        {
          type: 'notify',
          recipients: ['team_managers'],
          user_ids: [],
          title: 'Appointment set',
          message: '',
        },
        { type: 'wait', minutes: 5 },
      ],
    })),
    recordBase('layouts', () => ({ name: 'Fuzz layout', cards: [], is_global: false })),
    recordBase('cards', () => ({
      title: 'Fuzz card',
      type: 'chart',
      card_layout: { x: 0, y: 0, w: 6, h: 4 },
      config: {
        table: 'contacts',
        filters: [{ field: 'created_at', op: 'last_days', value: 7 }],
        match: 'all',
        group_by: 'deal_stage',
        measure: { op: 'sum', field: 'contract_amount' },
        chart: 'bar',
        limit: 10,
      },
    })),
    // Edits of existing records (the fuzz world's lead is no note: this one is a missing record).
    {
      build: (e) => ({ table: 'notes', id: e.lead, fields: { body: 'edit' } }),
      fields: [['table'], ['id'], ['fields']],
    },
    {
      build: (e) => ({ table: 'media', id: e.media, fields: { name: 'renamed.png' } }),
      fields: [
        ['fields', 'name'],
        ['fields', 'size'],
      ],
    },
  ],
  'record.delete.v1': [
    { build: () => ({ table: 'notes', id: randomUUID() }), schema: recordDeleteSchema },
    {
      build: (e) => ({ table: 'survey_templates', id: e.template }),
      schema: recordDeleteSchema,
      fields: [['table']],
    },
  ],
  // Any id: another user's or an unknown notification is left alone, never an error of the server.
  'notification.read.v1': [{ build: () => ({ id: randomUUID() }), schema: notificationReadMutationSchema }],
  'user_config.save.v1': [
    {
      build: () => ({
        map_layouts: [
          {
            name: 'lead_map',
            layers: { pins: true, zips: false },
            view: { longitude: -112, latitude: 33, zoom: 9 },
          },
        ],
        pins: [{ id: randomUUID(), name: 'Office', longitude: -112.07, latitude: 33.45, zoom: 15 }],
      }),
      schema: userConfigUpdateSchema,
    },
  ],
  // A signature whose drawing and content match its hash, of a proposal the world does not hold.
  'proposal.sign.v1': [
    {
      build: (e) => {
        const sha = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
        const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
        const id = randomUUID();
        const by = e.w.world.users.admin.id;
        const content: SignedContent = {
          v: 1,
          proposal_id: id,
          priced: {
            lead_id: e.lead,
            financer: 'Fuzz Finance',
            option: 'Loan',
            amount: 24000,
            panels: 20,
            details: {
              utility: 'APS',
              usage_source: 'annual',
              monthly_bill: null,
              rate: null,
              annual_kwh: 11680,
              sun_hours: 5,
              panel_wattage: 400,
              required_kw: 8,
              system_kw: 8,
              product_ids: [],
            },
          },
          shown: { title: 'Proposal', subtitle: '', sections: [{ title: 'Financing', lines: [] }] },
          signer_name: 'Fuzz Homeowner',
          initials: 'FH',
          signed_at: iso,
          signed_day: '2026-01-15',
          signed_by: by,
          position: { lat: 33.45, lng: -112.07, accuracy: 10 },
          image_sha256: sha(image),
        };
        return {
          proposal_id: id,
          content,
          hash: sha(canonicalJson(content)),
          image: image.toString('base64'),
          file_id: null,
          audit: [{ event: 'signed', by, at: iso, position: null }],
        };
      },
      schema: proposalSignSchema,
      fields: [
        ...shapeKeys(proposalSignSchema).map((k) => [k]),
        ['content', 'signer_name'],
        ['content', 'signed_at'],
        ['content', 'priced'],
        ['content', 'shown'],
        ['content', 'position'],
      ],
    },
  ],
  // The admin's own availability (a rep pushing it changes someone else's: refused).
  'availability.save.v1': [
    {
      build: (e) => ({
        user_id: e.w.world.users.admin.id,
        fields: {
          weekly_hours: { mon: [{ start: '09:00', end: '12:00' }], tue: [] },
          time_off: [{ id: randomUUID(), from: '2026-12-24', to: '2026-12-26', note: 'Holidays' }],
          appointment_minutes: 60,
          time_zone: 'America/Phoenix',
          home_base: { address: '1 Main St, Phoenix, AZ', lng: -112.07, lat: 33.45 },
        },
      }),
      schema: availabilitySaveSchema,
      fields: [
        ['user_id'],
        ['fields'],
        ['fields', 'weekly_hours'],
        ['fields', 'time_off'],
        ['fields', 'appointment_minutes'],
        ['fields', 'time_zone'],
        ['fields', 'home_base'],
      ],
    },
  ],
  'distribution_rule.save.v1': [
    {
      build: (e) => ({
        id: e.w.world.teams.a,
        scope: 'team',
        kind: 'round_robin',
        daily_cap: 4,
        window_days: 30,
      }),
      schema: distributionRuleSaveSchema,
    },
  ],
  [UNKNOWN_MUTATION]: [{ build: () => ({ name: 'x' }) }],
};

export const UNKNOWN_NAMES = [
  'lead.add.v2',
  'LEAD.ADD.V1',
  '',
  '__proto__',
  'constructor',
  'toString',
  'lead.add.v1\u0000',
  '\ud800',
  'x'.repeat(101),
];
