import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CrmDatabase } from '../db/database.ts';
import { listProposals, proposalPrintData, surveysOfLeadWithAnswers } from '../db/queries/proposals.ts';
import { addLead } from './commands/index.ts';
import { saveProposal } from './commands/proposals.ts';

const freshDb = (name: string) => new CrmDatabase(name, { indexedDB: new IDBFactory(), IDBKeyRange });
/** Contacts change with the pin change log, as every device write does. */
const writeContact = (db: CrmDatabase, row: Record<string, unknown> & { _id: string }) =>
  db.transaction('rw', [db.contacts, db.pin_changes], async () => {
    const current = await db.contacts.get(row._id);
    await db.contacts.put({ ...current, ...row });
  });

const fields = (leadId: string, extra: Record<string, unknown> = {}) => ({
  lead_id: leadId,
  name: 'Rooftop',
  status: 'Draft',
  option: 'Loan',
  date: '2026-11-24',
  panels: 20,
  details: { annual_kwh: 11680, sun_hours: 5, panel_wattage: 400, product_ids: [] },
  ...extra,
});

describe('saveProposal', () => {
  it('keeps the proposal on the device and queues it; the list names its lead', async () => {
    const db = freshDb('proposal-save');
    const lead = await addLead(db, { name: 'Ana Solar', deal_stage_status: 'Appointment Set' });
    const id = await saveProposal(db, undefined, fields(lead));
    const [item] = await listProposals(db);
    expect(item).toMatchObject({ leadName: 'Ana Solar', row: { _id: id, name: 'Rooftop', panels: 20 } });
    const queued = await db.outbox.orderBy('id').toArray();
    expect(queued.at(-1)).toMatchObject({
      name: 'record.save.v1',
      args: { table: 'proposals', id, create: true },
    });
    expect((await db.contacts.get(lead))?.deal_stage_status).toBe('Appointment Set');
    db.close();
  });

  it('a proposal becoming Won moves its lead to Contract Signed first, then saves itself', async () => {
    const db = freshDb('proposal-won');
    const lead = await addLead(db, { name: 'Ben Won', deal_stage_status: 'Appointment Set' });
    const id = await saveProposal(db, undefined, fields(lead, { status: 'Sent' }));
    const before = await db.outbox.count();
    await saveProposal(db, id, { status: 'Won' });
    expect(await db.contacts.get(lead)).toMatchObject({
      deal_stage_status: 'Contract Signed',
      deal_stage: 'Customer',
    });
    const queued = (await db.outbox.orderBy('id').toArray()).slice(before);
    expect(queued.map((e) => e.name)).toEqual(['lead.edit.v1', 'record.save.v1']);
    expect(queued[0]?.args).toMatchObject({ _id: lead, deal_stage_status: 'Contract Signed' });

    // Saved again while won, the lead is left where it has moved to.
    await writeContact(db, { _id: lead, deal_stage_status: 'Permit Sent', deal_stage: 'Customer' });
    await saveProposal(db, id, { status: 'Won', name: 'Rooftop (signed)' });
    expect((await db.contacts.get(lead))?.deal_stage_status).toBe('Permit Sent');
    db.close();
  });

  it('refuses bad fields before anything moves', async () => {
    const db = freshDb('proposal-bad');
    const lead = await addLead(db, { name: 'Cy Bad', deal_stage_status: 'Appointment Set' });
    await expect(saveProposal(db, undefined, fields(lead, { status: 'Won', panels: -1 }))).rejects.toThrow(
      /panels/,
    );
    await expect(saveProposal(db, undefined, { name: 'No lead', status: 'Draft' })).rejects.toThrow(
      /lead_id/,
    );
    expect((await db.contacts.get(lead))?.deal_stage_status).toBe('Appointment Set');
    expect(await db.proposals.count()).toBe(0);
    db.close();
  });
});

describe('what the proposal shows', () => {
  it("reads a lead's surveys with answers in the template's order, and the print data", async () => {
    const db = freshDb('proposal-print');
    await db.survey_templates.put({
      _id: 't1',
      name: 'Site survey',
      questions: [
        { id: 'roof', label: 'Roof age?' },
        { id: 'shade', label: 'Shade?' },
        { id: 'skip', label: 'Not answered' },
      ],
    });
    await db.surveys.put({
      _id: 's1',
      lead_id: 'L1',
      template_id: 't1',
      responses: { shade: ['North', 'East'], roof: 12 },
      created_at: '2026-11-20T10:00:00Z',
    });
    await db.surveys.put({ _id: 's2', lead_id: 'L1', template_id: 't1', deleted_at: '2026-11-21T00:00:00Z' });
    expect(await surveysOfLeadWithAnswers(db, 'L1')).toEqual([
      {
        id: 's1',
        templateName: 'Site survey',
        date: '2026-11-20',
        answers: [
          { question: 'Roof age?', answer: '12' },
          { question: 'Shade?', answer: 'North, East' },
        ],
      },
    ]);

    await writeContact(db, { _id: 'L1', name: 'Dee Print', address: '1 Main St, Phoenix, AZ 85004' });
    await db.products.bulkPut([
      { _id: 'p1', name: 'Panel 400 W', price: 300, active: true },
      { _id: 'p2', name: 'Gone', deleted_at: '2026-01-01T00:00:00Z' },
    ]);
    await db.proposals.put({
      _id: 'pr1',
      lead_id: 'L1',
      name: 'Rooftop',
      details: { product_ids: ['p1', 'p2'] },
    });
    const data = await proposalPrintData(db, 'pr1', 6);
    expect(data?.lead?.name).toBe('Dee Print');
    expect(data?.products.map((p) => p.name)).toEqual(['Panel 400 W']);
    expect(await proposalPrintData(db, 'missing', 6)).toBeUndefined();
    db.close();
  });
});
