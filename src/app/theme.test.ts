import { describe, expect, it } from 'vitest';
import { theme } from './theme.ts';

describe('theme', () => {
  it('uses the spec breakpoints (640, 768, 1024, 1280, 1536 px) on Mantine keys xs..xl', () => {
    expect(theme.breakpoints).toEqual({ xs: '40em', sm: '48em', md: '64em', lg: '80em', xl: '96em' });
  });
});
