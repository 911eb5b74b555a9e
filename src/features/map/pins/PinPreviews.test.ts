import { describe, expect, it } from 'vitest';
import type { PinRow } from '#src/device/hooks/usePinView.ts';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { PinPreviews } from './PinPreviews.ts';

const pin = (id: string, extra: Partial<PinRow> = {}): PinRow => ({
  _id: id,
  lng: -112.07,
  lat: 33.45,
  status: 'Not Home 1',
  stage: 'Contact',
  owner_id: 'rep',
  team_id: 'team-a',
  name: id,
  address: '1 Main St',
  touched_at: null,
  touched_by: null,
  ...extra,
});

describe('a pin shown ahead of its write', () => {
  it.each([
    {
      why: 'takes the new status in the same stage, not yet synced',
      current: pin('a'),
      status: 'Not Home 2',
      shown: { status: 'Not Home 2', stage: 'Contact', pending: true },
    },
    {
      why: 'moves to the stage its new status belongs to (the deal-stage rule)',
      current: pin('a'),
      status: 'Appointment Set',
      shown: { status: 'Appointment Set', stage: 'Lead', pending: true },
    },
    {
      why: 'keeps its stage for a status no stage holds',
      current: pin('a'),
      status: 'Gate Locked',
      shown: { status: 'Gate Locked', stage: 'Contact', pending: true },
    },
    {
      why: 'is nothing when the status does not change',
      current: pin('a'),
      status: 'Not Home 1',
      shown: undefined,
    },
    {
      why: 'is nothing for a pin the device does not hold',
      current: undefined,
      status: 'Not Home 2',
      shown: undefined,
    },
    {
      why: 'is nothing for a removed pin',
      current: pin('a', { removed: 1 }),
      status: 'Not Home 2',
      shown: undefined,
    },
  ])('$why', ({ current, status, shown }) => {
    const previews = new PinPreviews();
    const next = previews.start(current, status, DEFAULT_DEAL_STAGES);
    if (shown === undefined) {
      expect(next).toBeUndefined();
      expect(previews.size).toBe(0);
    } else {
      // Everything else about the pin (where it is, whose it is) stays.
      expect(next).toEqual({ ...current, ...shown });
      expect(previews.size).toBe(1);
    }
  });

  it('goes back to the pin as it was when its write fails, after any number of knocks', () => {
    const previews = new PinPreviews();
    const first = previews.start(pin('a'), 'Not Home 2', DEFAULT_DEAL_STAGES);
    previews.start(first, 'Not Home 3', DEFAULT_DEAL_STAGES);
    expect(previews.end(['a'])).toEqual([pin('a')]);
    expect(previews.size).toBe(0);
    // Ended once: a second failure has nothing to put back.
    expect(previews.end(['a'])).toEqual([]);
  });

  it('is left to the database once it wrote the pin: a failure after that puts nothing back', () => {
    const previews = new PinPreviews();
    previews.start(pin('a'), 'Not Home 2', DEFAULT_DEAL_STAGES);
    previews.start(pin('b'), 'Not Home 2', DEFAULT_DEAL_STAGES);
    previews.settle(['a', 'z']);
    expect(previews.end(['a', 'b'])).toEqual([pin('b')]);
  });

  it('ends with every pin read again from the database', () => {
    const previews = new PinPreviews();
    previews.start(pin('a'), 'Not Home 2', DEFAULT_DEAL_STAGES);
    previews.clear();
    expect(previews.size).toBe(0);
    expect(previews.end(['a'])).toEqual([]);
  });
});
