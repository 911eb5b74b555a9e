/**
 * Unit test set-up (vitest.config.ts `setupFiles`): a test during which the interface asked for a
 * message the catalogue lacks fails, naming the keys. A test file that starts the app's catalogue
 * (src/app/i18n.ts) has every feature's English words in before its tests run, as a screen would
 * have them once shown, so a component renders at once instead of suspending while they load.
 */
import i18n from 'i18next';
import { afterEach, beforeAll, expect } from 'vitest';
import { takeMissingMessages } from '../missingMessages.ts';
import { FEATURE_NAMESPACES } from './catalogues.ts';

beforeAll(async () => {
  if (i18n.isInitialized || i18n.isInitializing) await i18n.loadNamespaces(FEATURE_NAMESPACES);
});

afterEach(() => {
  expect(takeMissingMessages(), 'messages shown that are not in the catalogue').toEqual([]);
});
