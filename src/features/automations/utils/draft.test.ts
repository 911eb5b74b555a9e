import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, actionSchema, TRIGGER_TYPES, triggerSchema } from '#src/domain/automations/schemas.ts';
import { blankAction, blankTrigger, draftOf } from './draft.ts';

describe('automation drafts', () => {
  it('every blank trigger is a valid trigger', () => {
    for (const type of TRIGGER_TYPES) {
      const trigger = blankTrigger(type);
      // A status to stay in is the one field a person must choose.
      const filled = trigger.type === 'days_in_status' ? { ...trigger, status: 'Follow Up' } : trigger;
      expect(triggerSchema.safeParse(filled).success, type).toBe(true);
    }
  });
  it('every blank action has its type and the fields of its kind', () => {
    for (const type of ACTION_TYPES) expect(blankAction(type).type).toBe(type);
    expect(actionSchema.safeParse(blankAction('wait')).success).toBe(true);
  });
  it('a new automation starts enabled with one action and no conditions', () => {
    expect(draftOf(undefined)).toMatchObject({ enabled: true, conditions: { match: 'all', rules: [] } });
    expect(draftOf(undefined).actions).toHaveLength(1);
  });
});
