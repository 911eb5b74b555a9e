/**
 * The legal page as the server sends it carries the current terms (the body of
 * `GET /api/v2/legal/terms` without the envelope) as JSON in the element with this id, so a first
 * visit shows them without asking the server again.
 */
export const TERMS_ELEMENT_ID = 'hs-terms';
