/**
 * The signed-in user as the device keeps it between visits (local storage), and what of a sign-in's
 * answer it keeps. Pure (no browser or API code), so the browser tests' node side stores the same
 * record the sign-in page does.
 */

export interface SignedInUser {
  _id: string;
  ref_id: string;
  name: string;
  email: string;
  access: string;
  token: string;
  terms_accepted: string | null;
  /** False until the user saved the profile editor; sessions stored before it was known lack it. */
  has_config?: boolean;
}

/** The local storage key the signed-in user is kept under. */
export const SESSION_STORAGE_KEY = 'hs.session';

/** What the device keeps of a sign-in's answer (the answer carries more). */
export function storedUserOf(answer: SignedInUser): SignedInUser {
  return {
    _id: answer._id,
    ref_id: answer.ref_id,
    name: answer.name,
    email: answer.email,
    access: answer.access,
    token: answer.token,
    terms_accepted: answer.terms_accepted,
    has_config: answer.has_config,
  };
}
