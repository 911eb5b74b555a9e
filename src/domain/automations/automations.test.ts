import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  actionSchema,
  automationFields,
  conditionsHold,
  matchesTrigger,
  roundRobinPick,
  triggerSchema,
  webhookEventOf,
} from './index.ts';

const updated = (before: Record<string, unknown>, after: Record<string, unknown>) => ({
  type: 'lead.updated',
  before,
  after,
});

describe('matchesTrigger', () => {
  it('a status change matches from/to when given, any when blank', () => {
    const event = updated({ deal_stage_status: 'New' }, { deal_stage_status: 'Appointment Set' });
    expect(matchesTrigger({ type: 'status_changed', to: 'Appointment Set' }, event)).toBe(true);
    expect(matchesTrigger({ type: 'status_changed', from: 'New', to: null }, event)).toBe(true);
    expect(matchesTrigger({ type: 'status_changed', from: 'Sold' }, event)).toBe(false);
    expect(matchesTrigger({ type: 'status_changed', to: 'Sold' }, event)).toBe(false);
    // No change of status: nothing.
    expect(matchesTrigger({ type: 'status_changed' }, updated({ name: 'a' }, { name: 'b' }))).toBe(false);
  });

  it('field changes read columns and extras', () => {
    expect(
      matchesTrigger(
        { type: 'field_changed', field: 'roof_type' },
        updated({ data: { roof_type: 'Tile' } }, { data: { roof_type: 'Metal' } }),
      ),
    ).toBe(true);
    expect(
      matchesTrigger({ type: 'field_changed', field: 'email' }, updated({ email: 'a' }, { email: 'a' })),
    ).toBe(false);
  });

  it('record events match their trigger only; the clock triggers never match an event', () => {
    const created = { type: 'lead.created', before: null, after: {} };
    expect(matchesTrigger({ type: 'lead_created' }, created)).toBe(true);
    expect(matchesTrigger({ type: 'note_added' }, created)).toBe(false);
    expect(matchesTrigger({ type: 'note_added' }, { ...created, type: 'note.added' })).toBe(true);
    expect(matchesTrigger({ type: 'appointment_set' }, { ...created, type: 'appointment.set' })).toBe(true);
    expect(matchesTrigger({ type: 'days_in_status', status: 'New', days: 3 }, created)).toBe(false);
  });
});

describe('conditionsHold', () => {
  const lead = { deal_stage: 'Lead', deal_stage_status: 'New', team_id: 't1', data: { bill: 250 } };
  it('all needs every rule, any needs one, none always holds', () => {
    const rules = [
      { field: 'deal_stage', op: 'eq' as const, value: 'Lead' },
      { field: 'team_id', op: 'in' as const, value: ['t2'] },
    ];
    expect(conditionsHold({ match: 'all', rules }, lead)).toBe(false);
    expect(conditionsHold({ match: 'any', rules }, lead)).toBe(true);
    expect(conditionsHold({ match: 'all', rules: [] }, lead)).toBe(true);
  });
  it('compares numbers and emptiness', () => {
    expect(conditionsHold({ match: 'all', rules: [{ field: 'bill', op: 'gt', value: 200 }] }, lead)).toBe(
      true,
    );
    expect(conditionsHold({ match: 'all', rules: [{ field: 'bill', op: 'lt', value: '200' }] }, lead)).toBe(
      false,
    );
    expect(conditionsHold({ match: 'all', rules: [{ field: 'owner_id', op: 'empty' }] }, lead)).toBe(true);
  });
  it('any rule set holds for all exactly when neq is the negation of eq', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (actual, value) => {
        const record = { deal_stage: actual };
        const eq = conditionsHold(
          { match: 'all', rules: [{ field: 'deal_stage', op: 'eq', value }] },
          record,
        );
        const neq = conditionsHold(
          { match: 'all', rules: [{ field: 'deal_stage', op: 'neq', value }] },
          record,
        );
        expect(eq).toBe(!neq);
      }),
    );
  });
});

describe('roundRobinPick', () => {
  it('goes around the team in order and starts over', () => {
    const team = ['c', 'a', 'b'];
    expect(roundRobinPick(team, null)).toBe('a');
    expect(roundRobinPick(team, 'a')).toBe('b');
    expect(roundRobinPick(team, 'c')).toBe('a');
    expect(roundRobinPick([], 'a')).toBeUndefined();
  });
  it('over n picks from any start, everyone gets one', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 12 }),
        fc.option(fc.uuid()),
        (team, start) => {
          let last: string | null | undefined = start;
          const picked = new Set<string>();
          for (let i = 0; i < team.length; i++) {
            last = roundRobinPick(team, last);
            picked.add(last as string);
          }
          expect(picked.size).toBe(team.length);
        },
      ),
    );
  });
});

describe('schemas', () => {
  it('refuse unknown trigger and action types, and a notify without recipients', () => {
    expect(triggerSchema.safeParse({ type: 'sometimes' }).success).toBe(false);
    expect(actionSchema.safeParse({ type: 'explode' }).success).toBe(false);
    expect(
      actionSchema.safeParse({ type: 'notify', recipients: [], user_ids: [], title: 'x', message: '' })
        .success,
    ).toBe(false);
    expect(automationFields.actions.safeParse([]).success).toBe(false);
  });
  it('webhook events follow record events', () => {
    expect(webhookEventOf(updated({ deal_stage_status: 'a' }, { deal_stage_status: 'b' }))).toBe(
      'lead.status_changed',
    );
    expect(webhookEventOf(updated({ name: 'a' }, { name: 'b' }))).toBeUndefined();
  });
});
