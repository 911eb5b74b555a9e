import { describe, expect, it } from 'vitest';
import type { Language } from '#src/domain/language.ts';
import { formatDistance } from './distance.ts';

describe('a leg’s length in words', () => {
  const cases: [meters: number, language: Language, shown: string][] = [
    [0, 'en', '0 ft'],
    [100, 'en', '330 ft'],
    [160, 'en', '520 ft'],
    [161, 'en', '0.1 mi'],
    [1609.344, 'en', '1 mi'],
    [3700, 'en', '2.3 mi'],
    [16_093.44 * 1.27, 'en', '13 mi'],
    [123_456, 'en', '77 mi'],
    [3700, 'es', '2.3 mi'],
    [-5, 'en', '0 ft'],
  ];
  it.each(cases)('%s m in %s reads %s', (meters, language, shown) => {
    expect(formatDistance(meters, language).replace(/\s/g, ' ')).toBe(shown);
  });
});
