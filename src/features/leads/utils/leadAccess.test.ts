import { describe, expect, it } from 'vitest';
import type { Actor } from '#src/domain/permissions.ts';
import { testActor } from '#tests/support/actors.ts';
import { mayEditLeadFields } from './leadAccess.ts';

const actor = (level: Actor['level']): Actor => testActor(level);

describe('who may edit a lead’s fields on the device', () => {
  it('lets a rep edit leads they own or consult on, not others', () => {
    expect(mayEditLeadFields(actor('User'), { _id: 'a', owner_id: 'me' })).toBe(true);
    expect(mayEditLeadFields(actor('User'), { _id: 'b', owner_id: 'x', energy_consultants: ['me'] })).toBe(
      true,
    );
    expect(mayEditLeadFields(actor('User'), { _id: 'c', owner_id: 'x', energy_consultants: ['y'] })).toBe(
      false,
    );
    expect(mayEditLeadFields(actor('User'), { _id: 'd' })).toBe(false);
  });

  it('leaves managers and admins to the server, and guests out', () => {
    expect(mayEditLeadFields(actor('Manager'), { _id: 'a', owner_id: 'x' })).toBe(true);
    expect(mayEditLeadFields(actor('Admin'), { _id: 'a', owner_id: 'x' })).toBe(true);
    expect(mayEditLeadFields(actor('Guest'), { _id: 'a', owner_id: 'me' })).toBe(false);
  });
});
