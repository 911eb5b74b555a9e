/**
 * A new proposal's guide kept for the tab (session storage) while the closer steps out to fill a
 * survey and comes back: the guide for the same lead picks up where it was. Saving forgets it.
 */
import type { GuideDraft } from '#src/domain/proposals/index.ts';
import { emptyDraft } from './draft.ts';

const KEY = 'proposal-guide-draft';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function keepDraft(draft: GuideDraft, step: number): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ draft, step }));
  } catch {
    // Storage full or refused: the guide still works, it just starts over after leaving.
  }
}

/** The kept draft of this lead's new proposal, when it is one this app wrote; else undefined. */
export function keptDraft(leadId: string): { draft: GuideDraft; step: number } | undefined {
  if (!leadId) return undefined;
  let kept: unknown;
  try {
    kept = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    return undefined;
  }
  if (!kept || typeof kept !== 'object') return undefined;
  const { draft, step } = kept as { draft?: Record<string, unknown>; step?: unknown };
  const shape = emptyDraft(leadId, '');
  if (!draft || draft.leadId !== leadId || typeof step !== 'number' || !Number.isInteger(step))
    return undefined;
  for (const [key, value] of Object.entries(shape)) {
    const stored = draft[key];
    const ok = Array.isArray(value)
      ? Array.isArray(stored) && stored.every((v) => typeof v === 'string')
      : typeof stored === typeof value;
    if (!ok) return undefined;
  }
  return { draft: draft as unknown as GuideDraft, step };
}

export function forgetDraft(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing kept to forget.
  }
}
