import type { TFunction } from 'i18next';
import { type FailureWords, serverFailure } from '#src/api/serverFailure.ts';

/** The integrations screens' words for a server call that did not go through. */
export function integrationWords(t: TFunction<'integrations'>): FailureWords {
  return { offline: t('integrations.needsConnection'), failed: t('integrations.failed') };
}

/**
 * What to tell a person when an integrations call failed: the server's own words for a refusal,
 * "needs a connection" when the request never reached it, a general failure otherwise.
 */
export function problemText(err: unknown, t: TFunction<'integrations'>): string {
  return serverFailure(err, integrationWords(t));
}
