/**
 * The words for a service's refusal on the integrations callback page. The service sends it in
 * the address (`error=`, `error_description=`), which anyone can write into a link: the page shows
 * only its own text for the refusal codes of OAuth 2 and OpenID Connect, a general one for any
 * other code, and never the address's free text.
 */
const REFUSAL_TEXT = {
  access_denied: 'integrations.callback.denied',
  invalid_scope: 'integrations.callback.refusedScope',
  invalid_request: 'integrations.callback.refusedSetup',
  unauthorized_client: 'integrations.callback.refusedSetup',
  unsupported_response_type: 'integrations.callback.refusedSetup',
  server_error: 'integrations.callback.refusedUnavailable',
  temporarily_unavailable: 'integrations.callback.refusedUnavailable',
  login_required: 'integrations.callback.refusedSignIn',
  interaction_required: 'integrations.callback.refusedSignIn',
  consent_required: 'integrations.callback.refusedSignIn',
  account_selection_required: 'integrations.callback.refusedSignIn',
} as const;

export type RefusalTextKey =
  | (typeof REFUSAL_TEXT)[keyof typeof REFUSAL_TEXT]
  | 'integrations.callback.refused';

/** The catalogue key of the text for the service's refusal code `error`. */
export function providerRefusalKey(error: string): RefusalTextKey {
  return Object.hasOwn(REFUSAL_TEXT, error)
    ? REFUSAL_TEXT[error as keyof typeof REFUSAL_TEXT]
    : 'integrations.callback.refused';
}
