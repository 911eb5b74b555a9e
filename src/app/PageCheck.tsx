import type { ReactNode } from 'react';
import { type Params, useLocation, useParams } from 'react-router';

/** Thrown when a page's validation check fails; the error boundary shows the fatal 404. */
export class PageCheckFailed extends Error {
  readonly path: string;
  constructor(path: string) {
    super(`Page check failed: ${path}`);
    this.path = path;
  }
}

/**
 * SPEC section 2: a page may declare a validation check of its route; when it fails the user gets
 * the fatal 'Page Not Found: {path}' instead of the page.
 */
export function PageCheck({ check, children }: { check: (params: Params) => boolean; children: ReactNode }) {
  const params = useParams();
  const { pathname } = useLocation();
  if (!check(params)) throw new PageCheckFailed(pathname);
  return children;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Route checks of the screens registered so far. */
export const isRecordId = (params: Params) => UUID.test(params.id ?? '');
/** A record's id, or `new` for the page that adds one. */
export const isRecordIdOrNew = (params: Params) => params.id === 'new' || isRecordId(params);
