/**
 * What reps hear of a turf change (a cut or one turf's edit), once each however many doors it
 * moves: a rep given doors hears of the turf and how many doors it gave them (the doors' own
 * reassignments write their activities but tell no one, leads.ts `editLead`), and a rep whose turf
 * went to someone else hears who holds it now (their own doors stay theirs, locked). Both open the
 * region's page, where the reader's turf shows; the actor hears nothing of their own change.
 */
import { notificationLinks } from '#src/domain/notificationLinks.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { serverText } from '#src/domain/serverTexts.ts';
import type { Tx } from './context.ts';
import { notifyUsers, userName } from './notify.ts';

interface Gain {
  turfs: string[];
  count: number;
  /** Whether one of the turfs was not the rep's before the change. */
  fresh: boolean;
}

interface Loss {
  turfs: string[];
  to: string[];
}

/** What one change did for each rep, gathered door by door and turf by turf, told at the end. */
export interface TurfNotices {
  gains: Map<string, Gain>;
  losses: Map<string, Loss>;
}

export function turfNotices(): TurfNotices {
  return { gains: new Map(), losses: new Map() };
}

const addOnce = (list: string[], item: string) => {
  if (!list.includes(item)) list.push(item);
};

/** The change gave `rep` one door of the turf `turf` (`fresh`: a turf that was not theirs). */
export function gainedDoor(notices: TurfNotices, rep: string, turf: string, fresh: boolean): void {
  const gain = notices.gains.get(rep) ?? { turfs: [], count: 0, fresh: false };
  addOnce(gain.turfs, turf);
  gain.count++;
  gain.fresh ||= fresh;
  notices.gains.set(rep, gain);
}

/** The turf `turf` left `from` for `to`. */
export function handedOver(notices: TurfNotices, from: string, turf: string, to: string | null): void {
  const loss = notices.losses.get(from) ?? { turfs: [], to: [] };
  addOnce(loss.turfs, turf);
  if (to) addOnce(loss.to, to);
  notices.losses.set(from, loss);
}

const doors = (count: number) => `${count} ${count === 1 ? 'door' : 'doors'}`;

/** Tells each rep once what the change did for them, in its transaction and with its version. */
export async function sendTurfNotices(
  tx: Tx,
  actor: Actor,
  version: number,
  region: { id: string; name: string | null },
  notices: TurfNotices,
): Promise<void> {
  const link = notificationLinks.region(region.id);
  const regionName = region.name?.trim() ?? '';
  const where = regionName || 'a region';
  for (const [rep, gain] of notices.gains) {
    const turf = gain.turfs.join(', ');
    const params = { turf, region: regionName, count: gain.count };
    await notifyUsers(
      tx,
      actor,
      version,
      [rep],
      gain.fresh
        ? {
            title: 'New turf',
            message: `You have a new turf: ${turf} in ${where}, ${doors(gain.count)} given to you.`,
            link,
            text: serverText('notification.turfAssigned', params),
          }
        : {
            title: 'Your turf grew',
            message: `Your turf ${turf} in ${where} grew: ${doors(gain.count)} more given to you.`,
            link,
            text: serverText('notification.turfGrew', params),
          },
    );
  }
  for (const [former, loss] of notices.losses) {
    const turf = loss.turfs.join(', ');
    const names: string[] = [];
    for (const id of loss.to) names.push(await userName(tx, actor, id));
    const rep = names.join(', ') || 'Someone';
    await notifyUsers(tx, actor, version, [former], {
      title: 'Turf reassigned',
      message: `Your turf ${turf} now belongs to ${rep}.`,
      link,
      text: serverText('notification.turfHandedOver', { turf, rep }),
    });
  }
}
