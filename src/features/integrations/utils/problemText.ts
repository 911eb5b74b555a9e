import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/client.ts';

/**
 * What to tell a person when an integrations call failed: the server's own words for a refusal,
 * "needs a connection" when the request never reached it, a general failure otherwise.
 */
export function problemText(err: unknown, t: TFunction): string {
  if (err instanceof ApiError) return err.status < 500 ? err.message : t('integrations.failed');
  return t('integrations.needsConnection');
}
