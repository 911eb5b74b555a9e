import { describe, expect, it } from 'vitest';
import { bookingStateOf } from './bookingState.ts';

const note = (outcome: string) => ({
  outcome,
  asked_user_id: 'ana',
  clash_id: 'c1',
  at: '2031-03-03T10:00:00Z',
});

describe('what a booking shows its setter', () => {
  it.each([
    [
      'held for its closer while it waits to sync',
      { pending: true, user_id: 'ana' },
      { kind: 'held', closer: 'ana' },
    ],
    ['nothing once synced and kept', { pending: false, user_id: 'ana', booking: null }, undefined],
    [
      'moved to the closer the rule chose',
      { user_id: 'ben', booking: note('reassigned') },
      { kind: 'reassigned', asked: 'ana', to: 'ben' },
    ],
    [
      'back without a closer',
      { user_id: null, booking: note('returned') },
      { kind: 'returned', asked: 'ana' },
    ],
    [
      'held again when booked anew after it came back',
      { pending: true, user_id: 'cy', booking: note('returned') },
      { kind: 'held', closer: 'cy' },
    ],
    ['nothing for a Cancelled one', { pending: true, user_id: 'ana', status: 'Cancelled' }, undefined],
    [
      'nothing for a note that does not fit the row',
      { user_id: 'ana', booking: note('returned') },
      undefined,
    ],
    ['nothing for a note it cannot read', { user_id: null, booking: { outcome: 'lost' } }, undefined],
    [
      'nothing for an appointment without a closer waiting to sync',
      { pending: true, user_id: null },
      undefined,
    ],
  ])('%s', (_, appointment, expected) => {
    expect(bookingStateOf(appointment)).toEqual(expected);
  });
});
