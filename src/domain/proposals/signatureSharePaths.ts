/**
 * Where a homeowner's copy of a signed proposal lives: the app's page and the API's answers (the
 * link's token follows). Apart from the share's schemas, so the app's first chunk stays small.
 */

/** Where the homeowner's page lives in the app (the token follows). */
export const SHARE_PATH_PREFIX = '/signed/';

/** The API address of a share's answer, and of its signed PDF. */
export const sharedProposalPath = (token: string) => `/api/v2/shared/proposals/${token}`;
export const sharedPdfPath = (token: string) => `/api/v2/shared/proposals/${token}/pdf`;
