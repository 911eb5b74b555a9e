import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import '#src/app/i18n.ts';
import { describeRejected, fieldLabel } from './rejectedChange.ts';

const t = i18n.getFixedT(null, ['sync', 'leads'] as const);
const names = new Map([['u-1', 'Rosa Rivera']]);
const userName = (id: string) => names.get(id) ?? '(no name)';

const SERVER = {
  _id: '01931f3e-7a1b-7c3d-9e2f-0a1b2c3d4e5f',
  name: 'Linda Miller',
  address: '8747 N Northern Blvd, Phoenix, AZ 85021',
  street: '8747 N Northern Blvd',
  phone: '4805550100',
  deal_stage_status: 'Appointment Set',
  energy_consultants: ['u-1'],
};

describe('a refused change as a person reads it', () => {
  it('names the lead by name and street and shows each field as mine → now on the server', () => {
    const view = describeRejected(
      t,
      {
        name: 'lead.edit.v1',
        args: {
          _id: SERVER._id,
          deal_stage_status: 'Come Back',
          phone: '6025550123',
          base_versions: { deal_stage_status: 3 },
        },
      },
      SERVER,
      userName,
    );
    expect(view.title).toBe('Linda Miller, 8747 N Northern Blvd');
    expect(view.kind).toBe('Edit lead');
    expect(view.fields.map((f) => `${f.label}: ${f.mine} → ${f.server}`)).toEqual([
      'Status: Come Back → Appointment Set',
      'Phone: +1 (602) 555-0123 → +1 (480) 555-0100',
    ]);
    // What is shown: no id, no field names of the code, no raw data.
    const shown = [view.title, view.kind, ...view.fields.flatMap((f) => [f.label, f.mine, f.server])].join(
      ' ',
    );
    expect(shown).not.toContain(SERVER._id);
    expect(shown).not.toMatch(/deal_stage_status|base_versions|[{}]/);
  });

  it('names a refused add by what it carried; the server has none of its values', () => {
    const view = describeRejected(
      t,
      {
        name: 'lead.add.v1',
        args: {
          id: 'new-id',
          name: 'Olivia Offline',
          address: '12 Elm St, Mesa, AZ 85201',
          phone: '602-555-CALL',
          energy_consultants: ['u-1', 'u-2'],
          preferred_language: 'spanish',
        },
      },
      undefined,
      userName,
    );
    expect(view.title).toBe('Olivia Offline, 12 Elm St');
    expect(view.fields.map((f) => `${f.label}: ${f.mine} → ${f.server}`)).toEqual([
      'Name: Olivia Offline → —',
      'Address: 12 Elm St, Mesa, AZ 85201 → —',
      'Phone: 602-555-CALL → —',
      'Energy consultants: Rosa Rivera, (no name) → —',
      'Language: Spanish → —',
    ]);
  });

  it('calls a lead with neither name nor street "(no name)", and labels fields it has no word for', () => {
    const view = describeRejected(
      t,
      { name: 'lead.edit.v1', args: { utility_notes: 'x' } },
      { _id: 'l-1' },
      userName,
    );
    expect(view.title).toBe('(no name)');
    expect(fieldLabel(t, 'utility_notes')).toBe('Utility notes');
    expect(fieldLabel(t, 'deal_stage')).toBe('Stage');
  });
});
