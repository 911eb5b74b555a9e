import { describe, expect, it } from 'vitest';
import {
  MANTINE_BREAKPOINTS,
  NARROW_MAX_PX,
  NARROW_QUERY,
  SMALL_QUERY,
  SPEC_BREAKPOINTS_PX,
} from './breakpoints.ts';

describe('breakpoints', () => {
  it('holds the spec table', () => {
    expect(SPEC_BREAKPOINTS_PX).toEqual({ sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 });
  });

  it('gives Mantine its five keys in em, one step lower than the spec names', () => {
    expect(MANTINE_BREAKPOINTS).toEqual({ xs: '40em', sm: '48em', md: '64em', lg: '80em', xl: '96em' });
  });

  it('calls 768 px and less narrow, and small below 640 px', () => {
    expect(NARROW_MAX_PX).toBe(768);
    expect(NARROW_QUERY).toBe('(max-width: 48em)');
    expect(SMALL_QUERY).toBe('(max-width: 39.99875em)');
  });
});
