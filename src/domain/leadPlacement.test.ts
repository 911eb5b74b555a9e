import { describe, expect, it } from 'vitest';
import { placementAddress, placementShown } from './leadPlacement.ts';

describe('the address a lead is placed by', () => {
  it.each([
    [{ address: ' 1 Main St, Phoenix, AZ 85004 ' }, '1 Main St, Phoenix, AZ 85004'],
    [{ address: '1 Main St, Phoenix, AZ 85004', street: '9 Elm St' }, '1 Main St, Phoenix, AZ 85004'],
    [
      { address: '', street: '9 Elm St', city: 'Mesa', state: 'AZ', zip: '85201' },
      '9 Elm St, Mesa, AZ 85201',
    ],
    [{ address: null, street: '9 Elm St', zip: '85201' }, '9 Elm St, 85201'],
    [{ city: 'Mesa', state: 'AZ' }, 'Mesa, AZ'],
    [{ address: '  ', street: null }, undefined],
    [{}, undefined],
  ])('%j asks for %j', (lead, expected) => {
    expect(placementAddress(lead)).toBe(expected);
  });
});

describe('what the lead page says of its place on the map', () => {
  const address = '1 Main St, Phoenix, AZ 85004';
  const failed = { state: 'failed', at: '2025-01-01T00:00:00.000Z', address };

  it.each([
    ['placed', { address, coordinates: [-112, 33.4] }, false, undefined],
    [
      'placed despite an old mark',
      { address, coordinates: [-112, 33.4], placement: failed },
      false,
      undefined,
    ],
    ['no address', { address: '' }, false, undefined],
    ['waiting for the server', { address }, false, 'pending'],
    ['address search off', { address }, true, undefined],
    ['not found', { address, placement: failed }, false, 'failed'],
    [
      'address changed since',
      { address: '2 Main St, Phoenix, AZ 85004', placement: failed },
      false,
      'pending',
    ],
    ['a mark it cannot read', { address, placement: { state: 'odd' } }, false, 'pending'],
  ] as const)('%s', (_, lead, off, expected) => {
    expect(placementShown(lead, off)).toBe(expected);
  });
});
