/** The accessibility walk as a rep (see accessibility.e2e.test.ts): every screen a rep opens. */
import { describe } from 'vitest';
import { acceptDemoTerms, describeScreensAs, usePages } from './accessibilityWalk.ts';

acceptDemoTerms();

describe('accessibility of every screen, light and dark', () => {
  describeScreensAs({ who: 'rep', email: 'rep@demo.local', admin: false }, usePages());
});
