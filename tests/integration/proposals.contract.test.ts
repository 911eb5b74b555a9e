/**
 * Proposals through sync (record.save.v1 / record.delete.v1): whoever may edit the lead writes
 * them; bad fields are refused naming the field; a proposal that becomes Won moves its lead to
 * Contract Signed (stage Customer) through the lead edit; other leads and other orgs are refused.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, contacts, proposals, surveys } from '#server/db/schema.ts';
import { PROPOSAL_LEAD_DENIED, PROPOSAL_SURVEY_MESSAGE } from '#src/domain/proposals/statuses.ts';
import { type UserKey, useApiWorld } from '../support/apiWorld.ts';
import { type MutationResults, pulledRows, pushMutations } from '../support/syncCalls.ts';
import { testDatabaseKinds } from '../support/testDatabase.ts';

describe.each(testDatabaseKinds())('proposals through sync on %s', (kind) => {
  const t = useApiWorld(kind, ['admin', 'manager', 'rep', 'rep2', 'guest', 'outsider']);

  const pushAs = async (who: UserKey, mutations: { name: string; args: unknown }[]) => {
    const res = await pushMutations(t.api, t.tokens[who], mutations);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results as MutationResults;
  };
  const save = (id: string, fields: Record<string, unknown>, create = true) => ({
    name: 'record.save.v1',
    args: { table: 'proposals', id, create, fields },
  });
  const remove = (id: string) => ({ name: 'record.delete.v1', args: { table: 'proposals', id } });
  const pulled = async (who: UserKey, id: string) =>
    (await pulledRows(t.api, t.tokens[who], 'proposals')).find((r) => r._id === id);
  const lead = async (id: string) => {
    const [row] = await t.tdb.handle.db.select().from(contacts).where(eq(contacts.id, id));
    return row;
  };
  const setLeadStatus = (id: string, deal_stage: string, deal_stage_status: string) =>
    t.tdb.handle.db.update(contacts).set({ deal_stage, deal_stage_status }).where(eq(contacts.id, id));

  const proposal = (leadId: string, extra: Record<string, unknown> = {}) => ({
    lead_id: leadId,
    name: 'Rooftop 8 kW',
    financer: 'Sunlight Financial',
    option: 'Loan',
    date: '2026-11-24',
    panels: 20,
    status: 'Draft',
    amount: 24_000,
    details: {
      utility: 'APS',
      usage_source: 'annual',
      annual_kwh: 11_680,
      sun_hours: 5,
      panel_wattage: 400,
      required_kw: 8,
      system_kw: 8,
      product_ids: [],
    },
    ...extra,
  });

  it('the lead owner saves and edits one; the team pulls it, another org never does', async () => {
    const id = randomUUID();
    const leadId = t.world.contacts.repOwn;
    const [created] = await pushAs('rep', [save(id, proposal(leadId))]);
    expect(created, JSON.stringify(created)).toMatchObject({ status: 'applied' });
    expect(await pulled('rep', id)).toMatchObject({
      lead_id: leadId,
      name: 'Rooftop 8 kW',
      option: 'Loan',
      panels: 20,
      amount: 24_000,
      status: 'Draft',
      details: { utility: 'APS', system_kw: 8 },
    });
    expect(await pulled('manager', id)).toBeTruthy();
    expect(await pulled('outsider', id)).toBeUndefined();

    const [edited] = await pushAs('rep', [save(id, { status: 'Sent', financer: 'GoodLeap' }, false)]);
    expect(edited?.status).toBe('applied');
    expect(await pulled('rep', id)).toMatchObject({ status: 'Sent', financer: 'GoodLeap', option: 'Loan' });
    // The lead is untouched by a proposal that is not won.
    expect((await lead(leadId))?.deal_stage_status).toBe('Prospect');

    expect((await pushAs('rep', [remove(id)]))[0]?.status).toBe('applied');
    expect((await pulled('rep', id))?.deleted_at).toBeTruthy();
  });

  it('refuses bad fields, naming each, and a survey of another lead', async () => {
    const leadId = t.world.contacts.repOwn;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ status: 'Signed' }, 'status'],
      [{ option: 'Barter' }, 'option'],
      [{ date: '2026-02-30' }, 'date'],
      [{ panels: -1 }, 'panels'],
      [{ panels: 1.5 }, 'panels'],
      [{ amount: -5 }, 'amount'],
      [{ lead_id: 'not-a-uuid' }, 'lead_id'],
      [{ details: { sun_hours: 40 } }, 'details.sun_hours'],
      [{ details: { panel_wattage: 'big' } }, 'details.panel_wattage'],
      [{ details: { secret: true } }, 'details'],
      [{ winner: 'me' }, 'winner'],
      [{ survey_id: randomUUID() }, 'survey_id'],
    ];
    const results = await pushAs(
      'rep',
      cases.map(([fields]) => save(randomUUID(), proposal(leadId, fields))),
    );
    results.forEach((result, i) => {
      const field = cases[i]?.[1];
      expect(result.status, field).toBe('rejected');
      expect(result.message, field).toContain(field);
    });
    expect(results.at(-1)?.message).toContain(PROPOSAL_SURVEY_MESSAGE);
    // A new proposal needs its lead, name and status.
    const [missing] = await pushAs('rep', [save(randomUUID(), { name: 'No lead' })]);
    expect(missing?.status).toBe('rejected');
    expect(missing?.message).toContain('lead_id');
    expect(missing?.message).toContain('status');
  });

  it("attaches one of its lead's surveys, never another lead's or a deleted one", async () => {
    const leadId = t.world.contacts.repOwn;
    // Surveys stored as the server stores them (their own suite covers how they are filled).
    const [own, other, gone] = [randomUUID(), randomUUID(), randomUUID()];
    await t.tdb.handle.db.insert(surveys).values([
      { id: own, org_id: t.world.org, lead_id: leadId, responses: { roof: '12' } },
      { id: other, org_id: t.world.org, lead_id: t.world.contacts.teamA, responses: {} },
      { id: gone, org_id: t.world.org, lead_id: leadId, deleted_at: new Date().toISOString() },
    ]);
    const response = {
      template: 'Site',
      date: '2026-11-20',
      answers: [{ question: 'Roof age?', answer: '12' }],
    };
    const id = randomUUID();
    const [attached] = await pushAs('rep', [
      save(id, proposal(leadId, { survey_id: own, survey_response: response })),
    ]);
    expect(attached, JSON.stringify(attached)).toMatchObject({ status: 'applied' });
    expect(await pulled('rep', id)).toMatchObject({ survey_id: own, survey_response: response });
    const refused = await pushAs('rep', [
      save(id, { survey_id: other }, false),
      save(id, { survey_id: gone }, false),
    ]);
    for (const r of refused) {
      expect(r.status).toBe('rejected');
      expect(r.message).toContain(`survey_id: ${PROPOSAL_SURVEY_MESSAGE}`);
    }
    expect(
      (await pushAs('rep', [save(id, { survey_id: null, survey_response: null }, false)]))[0]?.status,
    ).toBe('applied');
  });

  it('a proposal that becomes Won moves its lead to Contract Signed, once, through the lead edit', async () => {
    const leadId = t.world.contacts.consultant; // rep is one of its energy consultants
    await setLeadStatus(leadId, 'Lead', 'Appointment Set');
    const before = await lead(leadId);
    const id = randomUUID();
    expect((await pushAs('rep', [save(id, proposal(leadId, { status: 'Sent' }))]))[0]?.status).toBe(
      'applied',
    );
    expect((await lead(leadId))?.deal_stage_status).toBe('Appointment Set');

    const [won] = await pushAs('rep', [save(id, { status: 'Won' }, false)]);
    expect(won, JSON.stringify(won)).toMatchObject({ status: 'applied' });
    const after = await lead(leadId);
    expect(after).toMatchObject({ deal_stage_status: 'Contract Signed', deal_stage: 'Customer' });
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
    expect(after?.field_versions.deal_stage_status).toBe(after?.version);
    const changes = await t.tdb.handle.db
      .select()
      .from(activities)
      .where(eq(activities.type, 'lead_status_change'));
    expect(
      changes.some(
        (a) =>
          (a.lead_refs as string[]).includes(leadId) &&
          a.message === 'changed status to Contract Signed' &&
          a.actor_id === t.world.users.rep.id,
      ),
    ).toBe(true);
    // The device sees the move on its next pull.
    const pulledLead = (await pulledRows(t.api, t.tokens.rep, 'contacts')).find((r) => r._id === leadId);
    expect(pulledLead).toMatchObject({ deal_stage_status: 'Contract Signed', deal_stage: 'Customer' });

    // Saving the won proposal again leaves a lead that has moved on where it is.
    await setLeadStatus(leadId, 'Customer', 'Permit Sent');
    expect((await pushAs('rep', [save(id, { name: 'Rooftop 8 kW (signed)' }, false)]))[0]?.status).toBe(
      'applied',
    );
    expect((await pushAs('rep', [save(id, { status: 'Won' }, false)]))[0]?.status).toBe('applied');
    expect((await lead(leadId))?.deal_stage_status).toBe('Permit Sent');
    // A new proposal saved already Won moves the lead too.
    await setLeadStatus(leadId, 'Lead', 'Follow Up');
    // The consultant's manager may (the lead's energy consultant is on their team).
    const [byManager] = await pushAs('manager', [save(randomUUID(), proposal(leadId, { status: 'Won' }))]);
    expect(byManager?.status).toBe('applied');
    expect((await lead(leadId))?.deal_stage_status).toBe('Contract Signed');
  });

  it('a rep cannot write a proposal on a lead they may not edit; guests and other orgs are refused', async () => {
    // rep works team A's leads (status changes) but only edits their own.
    const teamLead = t.world.contacts.teamA;
    const before = await lead(teamLead);
    const [onTeam] = await pushAs('rep', [save(randomUUID(), proposal(teamLead, { status: 'Won' }))]);
    expect(onTeam).toMatchObject({ status: 'rejected', message: PROPOSAL_LEAD_DENIED });
    expect((await lead(teamLead))?.deal_stage_status).toBe(before?.deal_stage_status);
    const [unseen] = await pushAs('rep', [save(randomUUID(), proposal(t.world.contacts.teamB))]);
    expect(unseen?.status).toBe('rejected');

    // The owner's proposal cannot be taken over or deleted by someone without the lead.
    const id = randomUUID();
    expect((await pushAs('rep2', [save(id, proposal(teamLead))]))[0]?.status).toBe('applied');
    const theirs = await pushAs('rep', [save(id, { status: 'Won' }, false), remove(id)]);
    expect(theirs.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    // Nor moved onto a lead the writer may not edit.
    const mine = randomUUID();
    expect((await pushAs('rep', [save(mine, proposal(t.world.contacts.repOwn))]))[0]?.status).toBe('applied');
    const [moved] = await pushAs('rep', [save(mine, { lead_id: teamLead }, false)]);
    expect(moved).toMatchObject({ status: 'rejected', message: PROPOSAL_LEAD_DENIED });

    const [guest] = await pushAs('guest', [save(randomUUID(), proposal(t.world.contacts.repOwn))]);
    expect(guest).toMatchObject({ status: 'rejected', message: PROPOSAL_LEAD_DENIED });

    const foreign = await pushAs('outsider', [
      save(randomUUID(), proposal(t.world.contacts.repOwn, { status: 'Won' })),
      save(id, { name: 'Taken' }, false),
      remove(id),
    ]);
    expect(foreign.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const [stored] = await t.tdb.handle.db.select().from(proposals).where(eq(proposals.id, id));
    expect(stored).toMatchObject({ name: 'Rooftop 8 kW', deleted_at: null, status: 'Draft' });
    expect((await lead(t.world.contacts.repOwn))?.deal_stage_status).toBe('Prospect');
  });
});
