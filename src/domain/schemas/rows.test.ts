import { describe, expect, it } from 'vitest';
import { leadRowSchema, noteRowSchema, ROW_SCHEMAS, tableViewRowSchema, userRowSchema } from './rows.ts';

// Rows shaped as a pull sends them; tests/integration/rows.contract.test.ts parses the server's own.
const base = {
  _id: '0190a0e4-0000-7000-8000-000000000001',
  org_id: 6,
  version: 12,
  created_at: '2026-01-02T03:04:05.000Z',
  updated_at: '2026-01-02T03:04:05.000Z',
  deleted_at: null,
  created_by: '0190a0e4-0000-7000-8000-000000000002',
  ref_id: null,
};
const lead = {
  ...base,
  name: 'Ann Lee',
  first_name: null,
  last_name: null,
  phone: '5551234567',
  email: null,
  address: '1 Main St, Austin, TX 78701',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  status: null,
  deal_stage: null,
  deal_stage_status: 'Not Home 1',
  lead_source: null,
  owner_id: base.created_by,
  team_id: null,
  region_id: null,
  energy_consultants: [],
  appointment_date: null,
  appointment_time: null,
  preferred_language: 'english',
  property_type: null,
  credit_score: null,
  last_touched_at: null,
  last_touched_by: null,
  field_versions: { deal_stage_status: 12 },
  region: null,
  coordinates: [-97.74, 30.27],
  address_obj: {
    display_address: '1 Main St, Austin, TX 78701',
    coordinates: [-97.74, 30.27],
    position: null,
  },
  milestones: [],
};

describe('row schemas', () => {
  it('parse rows as pulled, keeping fields they do not name', () => {
    expect(leadRowSchema.parse({ ...lead, future_field: 1 })).toMatchObject({
      name: 'Ann Lee',
      future_field: 1,
    });
    expect(
      noteRowSchema.parse({ ...base, lead_id: base._id, type: 'Lead', subject: null, body: '<p>Hi</p>' })
        .body,
    ).toBe('<p>Hi</p>');
    expect(
      tableViewRowSchema.safeParse({
        ...base,
        name: 'Mine',
        table_name: 'contacts',
        view_type: 3,
        properties: {},
        headers: [],
        groupings: [],
        global: false,
        is_workshop: true,
      }).success,
    ).toBe(true);
  });

  it('refuse rows that are not what the device relies on', () => {
    const { _id: _, ...noId } = lead;
    expect(leadRowSchema.safeParse(noId).success).toBe(false);
    expect(leadRowSchema.safeParse({ ...lead, version: '12' }).success).toBe(false);
    expect(leadRowSchema.safeParse({ ...lead, energy_consultants: 'x' }).success).toBe(false);
    expect(userRowSchema.safeParse({ ...base, name: 'A', email: 'a@b.c', roles: [] }).success).toBe(false);
  });

  it('name a schema for every table the screens read', () => {
    expect(Object.keys(ROW_SCHEMAS).sort()).toEqual(
      [
        'activities',
        'announcements',
        'appointments',
        'cards',
        'contacts',
        'interfaces',
        'knocks',
        'layouts',
        'media',
        'notes',
        'notifications',
        'orgs',
        'products',
        'proposals',
        'regions',
        'roles',
        'sales_channels',
        'table_views',
        'team_members',
        'teams',
        'turfs',
        'availability',
        'distribution_rules',
        'user_configs',
        'users',
      ].sort(),
    );
  });
});
