import { describe, expect, it } from 'vitest';
import { fieldWorkLead, fieldWorkLeads } from './fieldWork.ts';

const A = '0b6f8c1e-7a1d-4c7e-9a57-3f1a2b3c4d5e';
const B = '1c7a9d2f-8b2e-4d8f-8b68-4a2b3c4d5e6f';

describe('field work', () => {
  it.each([
    ['a status change', { name: 'lead.edit.v1', args: { _id: A, deal_stage_status: 'Not Home 1' } }, A],
    [
      'a knock with the versions seen',
      {
        name: 'lead.edit.v1',
        args: { _id: A, deal_stage_status: 'Sold', knock: { lat: 1, lng: 2, at: 'x' }, base_versions: {} },
      },
      A,
    ],
    ['an id in capitals', { name: 'lead.edit.v1', args: { _id: A.toUpperCase(), status: 'x' } }, A],
    [
      'a new note',
      {
        name: 'record.save.v1',
        args: { table: 'notes', id: B, create: true, fields: { lead_id: A, body: 'x' } },
      },
      A,
    ],
    [
      'an edit of anything else of a lead',
      { name: 'lead.edit.v1', args: { _id: A, owner_id: B } },
      undefined,
    ],
    ['a new address', { name: 'lead.edit.v1', args: { _id: A, address: '1 Main St' } }, undefined],
    ['a lead id that is not one', { name: 'lead.edit.v1', args: { _id: 'x', status: 'y' } }, undefined],
    [
      'an edited note',
      { name: 'record.save.v1', args: { table: 'notes', id: B, fields: { lead_id: A, body: 'x' } } },
      undefined,
    ],
    [
      'another record',
      {
        name: 'record.save.v1',
        args: { table: 'appointments', id: B, create: true, fields: { lead_id: A } },
      },
      undefined,
    ],
    ['a new lead', { name: 'lead.add.v1', args: { name: 'x' } }, undefined],
    ['a user edit', { name: 'user.edit.v1', args: { _id: A, level: 'Admin' } }, undefined],
    ['no arguments', { name: 'lead.edit.v1', args: null }, undefined],
    ['a list for arguments', { name: 'lead.edit.v1', args: [A] }, undefined],
  ])('%s', (_what, mutation, lead) => {
    expect(fieldWorkLead(mutation)).toBe(lead);
  });

  it('a batch is field work only when every mutation is; its leads once each, in one order', () => {
    const knock = (id: string) => ({ name: 'lead.edit.v1', args: { _id: id, status: 'x' } });
    expect(fieldWorkLeads([knock(B), knock(A), knock(B)])).toEqual([A, B]);
    expect(fieldWorkLeads([knock(A), { name: 'lead.add.v1', args: { name: 'x' } }])).toBeUndefined();
    expect(fieldWorkLeads([])).toBeUndefined();
  });
});
