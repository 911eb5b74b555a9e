/**
 * Spaces the pokes of an org: the first change after a quiet spell goes out at once; the changes
 * that follow within the spacing are held and go out together, as the highest version, one spacing
 * after the poke before. A busy org (a team knocking, tens of commits a second) then costs each
 * open stream a few writes a second instead of one per commit, and a device hears no later than one
 * spacing after a commit, which it could not pull sooner anyway.
 */

/** A write committed in an org: the highest version a pull may now reach there. */
export interface Change {
  org_id: number;
  version: number;
}

/** The least time between two pokes of one org. */
export const POKE_SPACING_MS = 250;

interface OrgPokes {
  sentAt: number;
  held?: number;
  timer?: ReturnType<typeof setTimeout>;
}

export class PokeSpacer {
  private readonly orgs = new Map<number, OrgPokes>();
  private readonly send: (change: Change) => void;
  private readonly spacingMs: number;
  private readonly now: () => number;

  /** `now` is a monotonic clock in ms (a wall clock set back would hold pokes for as long). */
  constructor(
    send: (change: Change) => void,
    spacingMs = POKE_SPACING_MS,
    now: () => number = () => performance.now(),
  ) {
    this.send = send;
    this.spacingMs = spacingMs;
    this.now = now;
  }

  offer(change: Change): void {
    const now = this.now();
    const org = this.orgs.get(change.org_id);
    const version = Math.max(org?.held ?? change.version, change.version);
    if (!org || now - org.sentAt >= this.spacingMs) {
      if (org?.timer) clearTimeout(org.timer);
      this.orgs.set(change.org_id, { sentAt: now });
      this.send({ org_id: change.org_id, version });
      return;
    }
    org.held = version;
    if (org.timer) return;
    org.timer = setTimeout(() => this.release(change.org_id), org.sentAt + this.spacingMs - now);
    org.timer.unref?.();
  }

  /** Drops what is held (the streams are gone). */
  clear(): void {
    for (const org of this.orgs.values()) if (org.timer) clearTimeout(org.timer);
    this.orgs.clear();
  }

  private release(orgId: number): void {
    const org = this.orgs.get(orgId);
    if (!org || org.held === undefined) return;
    const version = org.held;
    this.orgs.set(orgId, { sentAt: this.now() });
    this.send({ org_id: orgId, version });
  }
}
