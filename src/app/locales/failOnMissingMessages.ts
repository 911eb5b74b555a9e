/**
 * Unit test set-up (vitest.config.ts `setupFiles`): a test during which the interface asked for a
 * message the catalogue lacks fails, naming the keys.
 */
import { afterEach, expect } from 'vitest';
import { takeMissingMessages } from '../missingMessages.ts';

afterEach(() => {
  expect(takeMissingMessages(), 'messages shown that are not in the catalogue').toEqual([]);
});
