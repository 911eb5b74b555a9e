import { describe, expect, it } from 'vitest';
import { moveCard, nextPlacement, readPlacement } from './placement.ts';

const cards = [
  { id: 'a', placement: { x: 0, y: 0, w: 3, h: 2 } },
  { id: 'b', placement: { x: 3, y: 0, w: 3, h: 2 } },
  { id: 'c', placement: { x: 0, y: 2, w: 12, h: 4 } },
];

describe('card placement', () => {
  it('reads a stored placement, or gives a default one for a broken value', () => {
    expect(readPlacement({ x: 3, y: 0, w: 3, h: 2 })).toEqual({ x: 3, y: 0, w: 3, h: 2 });
    expect(readPlacement({ x: 10, y: 0, w: 6, h: 2 })).toEqual({ x: 10, y: 0, w: 2, h: 2 });
    expect(readPlacement({}, 4)).toEqual({ x: 4, y: 3, w: 4, h: 3 });
    expect(readPlacement({ x: -1, y: 0, w: 3, h: 2 })).toEqual({ x: 0, y: 0, w: 4, h: 3 });
  });

  it('moves sideways within the grid and resizes within bounds', () => {
    expect(moveCard(cards, 'a', 'left')).toEqual([]);
    expect(moveCard(cards, 'a', 'right')).toEqual([{ id: 'a', placement: { x: 1, y: 0, w: 3, h: 2 } }]);
    expect(moveCard(cards, 'c', 'right')).toEqual([]);
    expect(moveCard(cards, 'c', 'wider')).toEqual([]);
    expect(moveCard(cards, 'c', 'narrower')).toEqual([{ id: 'c', placement: { x: 0, y: 2, w: 11, h: 4 } }]);
    expect(moveCard(cards, 'a', 'taller')).toEqual([{ id: 'a', placement: { x: 0, y: 0, w: 3, h: 3 } }]);
    expect(moveCard([{ id: 'x', placement: { x: 0, y: 0, w: 1, h: 1 } }], 'x', 'shorter')).toEqual([]);
    expect(moveCard([{ id: 'x', placement: { x: 10, y: 0, w: 2, h: 1 } }], 'x', 'wider')).toEqual([
      { id: 'x', placement: { x: 9, y: 0, w: 3, h: 1 } },
    ]);
  });

  it('moves up and down by swapping with the card before or after in reading order', () => {
    expect(moveCard(cards, 'a', 'up')).toEqual([]);
    expect(moveCard(cards, 'b', 'up')).toEqual([
      { id: 'b', placement: { x: 0, y: 0, w: 3, h: 2 } },
      { id: 'a', placement: { x: 3, y: 0, w: 3, h: 2 } },
    ]);
    expect(moveCard(cards, 'b', 'down')).toEqual([
      { id: 'b', placement: { x: 0, y: 2, w: 3, h: 2 } },
      { id: 'c', placement: { x: 0, y: 0, w: 12, h: 4 } },
    ]);
    expect(moveCard(cards, 'missing', 'down')).toEqual([]);
  });

  it('puts a new card below the others', () => {
    expect(nextPlacement([], { w: 3, h: 2 })).toEqual({ x: 0, y: 0, w: 3, h: 2 });
    expect(
      nextPlacement(
        cards.map((c) => c.placement),
        { w: 4, h: 3 },
      ),
    ).toEqual({ x: 0, y: 6, w: 4, h: 3 });
  });
});
