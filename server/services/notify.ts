/**
 * Notifications the server creates where something concerns a user (a lead assigned to them, an
 * appointment set or changed for them, a teammate joining their team…). Written in the event's
 * own transaction, with its version, so the recipient's next pull brings both together and a
 * rolled-back event leaves no notification behind.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BookingOutcome } from '#src/domain/bookingLease.ts';
import { notificationLinks } from '#src/domain/notificationLinks.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { type ServerText, serverText, storedServerText } from '#src/domain/serverTexts.ts';
import { contacts, notifications, teamMembers, teams, users } from '../db/schema.ts';
import { systemActor } from './actors.ts';
import type { Tx } from './context.ts';

export interface NotificationText {
  /** In English, for older devices, the legacy service and e-mails. */
  title: string;
  message: string;
  /** An in-app path (src/domain/notificationLinks.ts), or null when it opens nothing. */
  link: string | null;
  /**
   * The title and message as a key and its parameters, which devices say in their reader's
   * language; none for words a person wrote (an automation's own title), shown as written.
   */
  text?: ServerText;
}

/** The columns of a notification's words: English, and the key devices translate. */
function notificationWords(text: NotificationText) {
  return {
    title: text.title.slice(0, 200),
    message: text.message.slice(0, 1000),
    link: text.link,
    ...storedServerText(text.text),
  };
}

/**
 * Notifies each named user of the actor's org once. The actor never gets their own, and an id
 * that is no active user of the org (another org's, a deleted one) gets nothing.
 */
export async function notifyUsers(
  tx: Tx,
  actor: Actor,
  version: number,
  recipients: Iterable<string | null | undefined>,
  text: NotificationText,
): Promise<string[]> {
  const wanted = [...new Set(recipients)].filter(
    (id): id is string => typeof id === 'string' && id !== actor.user_id,
  );
  if (!wanted.length) return [];
  const found = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.org_id, actor.org_id), isNull(users.deleted_at)));
  if (!found.length) return [];
  await tx.insert(notifications).values(
    found.map(({ id }) => ({
      org_id: actor.org_id,
      user_id: id,
      ...notificationWords(text),
      version,
      created_by: actor.user_id,
      updated_by: actor.user_id,
    })),
  );
  return found.map((u) => u.id);
}

/** A user's display name for a notification's text ('Someone' when unknown). */
export async function userName(tx: Tx, actor: Actor, userId: string): Promise<string> {
  const [row] = await tx
    .select({ name: users.name })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.org_id, actor.org_id)));
  return row?.name?.trim() || 'Someone';
}

interface LeadPeople {
  id: string;
  name: string | null;
  owner_id: string | null;
  energy_consultants: string[] | null;
}

/** Who a lead was just given to: a new owner, and energy consultants added (all, for a new lead). */
export function newAssignees(before: LeadPeople | undefined, after: LeadPeople): string[] {
  const out: string[] = [];
  if (after.owner_id && after.owner_id !== before?.owner_id) out.push(after.owner_id);
  const had = new Set(before?.energy_consultants ?? []);
  for (const id of after.energy_consultants ?? []) if (!had.has(id)) out.push(id);
  return out;
}

/** Tells whoever a lead was just assigned to (other than the actor), in the change's transaction. */
export async function notifyLeadAssigned(
  tx: Tx,
  actor: Actor,
  version: number,
  before: LeadPeople | undefined,
  after: LeadPeople,
): Promise<void> {
  const recipients = newAssignees(before, after).filter((id) => id !== actor.user_id);
  if (!recipients.length) return;
  const who = await userName(tx, actor, actor.user_id);
  const lead = after.name?.trim() ?? '';
  await notifyUsers(tx, actor, version, recipients, {
    title: 'Lead assigned to you',
    message: `${who} assigned you ${lead || 'a lead'}.`,
    link: notificationLinks.lead(after.id),
    text: serverText('notification.leadAssigned', { actor: who, lead }),
  });
}

/** Tells the user an appointment is for that it was set or changed (unless they did it). */
export async function notifyAppointment(
  tx: Tx,
  actor: Actor,
  version: number,
  appointment: Record<string, unknown>,
  what: 'set' | 'changed',
): Promise<void> {
  const userId = appointment.user_id;
  const leadId = appointment.lead_id;
  if (typeof userId !== 'string' || userId === actor.user_id || typeof leadId !== 'string') return;
  const [lead] = await tx
    .select({ name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.id, leadId), eq(contacts.org_id, actor.org_id)));
  const type = typeof appointment.appointment_type === 'string' ? appointment.appointment_type.trim() : '';
  const leadName = lead?.name?.trim() ?? '';
  await notifyUsers(tx, actor, version, [userId], {
    title: what === 'set' ? 'Appointment set for you' : 'Your appointment changed',
    message: `${type || 'Appointment'} with ${leadName || 'a lead'}.`,
    link: notificationLinks.lead(leadId),
    text: serverText(what === 'set' ? 'notification.appointmentSet' : 'notification.appointmentChanged', {
      type,
      lead: leadName,
    }),
  });
}

/**
 * A booking that lost its slot (src/domain/bookingLease.ts): its setter hears where it went, from
 * the org (the setter's own save moved it, and people are not told of their own saves).
 */
export async function notifyBookingMoved(
  tx: Tx,
  actor: Actor,
  version: number,
  appointment: Record<string, unknown>,
  outcome: BookingOutcome,
): Promise<void> {
  if (outcome.kind === 'kept' || typeof appointment.lead_id !== 'string') return;
  const [lead] = await tx
    .select({ name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.id, appointment.lead_id), eq(contacts.org_id, actor.org_id)));
  const leadName = lead?.name?.trim() || 'a lead';
  const asked = await userName(tx, actor, outcome.asked);
  const link = notificationLinks.lead(appointment.lead_id);
  if (outcome.kind === 'reassigned') {
    const to = await userName(tx, actor, outcome.to);
    await notifyUsers(tx, systemActor(actor.org_id), version, [actor.user_id], {
      title: 'Booking moved to another closer',
      message: `${asked} was already booked at that time, so your appointment with ${leadName} went to ${to}.`,
      link,
      text: serverText('notification.bookingReassigned', { lead: leadName, asked, to }),
    });
    return;
  }
  await notifyUsers(tx, systemActor(actor.org_id), version, [actor.user_id], {
    title: 'Booking needs another time',
    message: `${asked} was already booked at that time and nobody else was free, so your appointment with ${leadName} has no closer: choose another time.`,
    link,
    text: serverText('notification.bookingReturned', { lead: leadName, asked }),
  });
}

/** Someone joined a team: they hear which team, its other members who joined them. */
export async function notifyAddedToTeam(
  tx: Tx,
  actor: Actor,
  version: number,
  join: { user_id: string; team_id: string },
): Promise<void> {
  const [team] = await tx
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, join.team_id), eq(teams.org_id, actor.org_id)));
  const teamName = team?.name?.trim() ?? '';
  const link = notificationLinks.team(join.team_id);
  await notifyUsers(tx, actor, version, [join.user_id], {
    title: 'Added to a team',
    message: `You are now a member of ${teamName || 'a team'}.`,
    link,
    text: serverText('notification.addedToTeam', { team: teamName }),
  });
  const members = await tx
    .select({ user_id: teamMembers.user_id })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.team_id, join.team_id),
        eq(teamMembers.org_id, actor.org_id),
        isNull(teamMembers.deleted_at),
      ),
    );
  const teammates = members.map((m) => m.user_id).filter((id) => id !== join.user_id);
  if (!teammates.length) return;
  const person = await userName(tx, actor, join.user_id);
  await notifyUsers(tx, actor, version, teammates, {
    title: 'New teammate',
    message: `${person} joined ${teamName || 'a team'}.`,
    link,
    text: serverText('notification.newTeammate', { person, team: teamName }),
  });
}

/**
 * Tells every active member of the actor's org but the actor (a new announcement is everyone's
 * news). One INSERT … SELECT, so an org of any size costs one statement.
 */
export async function notifyOrgMembers(
  tx: Tx,
  actor: Actor,
  version: number,
  text: NotificationText,
): Promise<void> {
  const words = notificationWords(text);
  const columns = [
    'org_id',
    'user_id',
    'title',
    'message',
    'link',
    'text_key',
    'text_params',
    'version',
    'created_by',
    'updated_by',
  ];
  const params = words.text_params === null ? null : JSON.stringify(words.text_params);
  await tx.execute(sql`
    INSERT INTO ${notifications} (${sql.join(
      columns.map((c) => sql.identifier(c)),
      sql`, `,
    )})
    SELECT ${actor.org_id}, ${users.id}, ${words.title}, ${words.message}, ${words.link},
      ${words.text_key}, ${params}::jsonb, ${version}, ${actor.user_id}::uuid, ${actor.user_id}::uuid
    FROM ${users}
    WHERE ${users.org_id} = ${actor.org_id} AND ${users.deleted_at} IS NULL AND ${users.status}
      AND ${users.id} <> ${actor.user_id}::uuid`);
}

/** A new announcement: everyone in the org hears of it, and it opens the updates page. */
export function notifyAnnouncement(
  tx: Tx,
  actor: Actor,
  version: number,
  announcement: Record<string, unknown>,
) {
  const title = typeof announcement.title === 'string' ? announcement.title.trim() : '';
  return notifyOrgMembers(tx, actor, version, {
    title: 'New announcement',
    message: title || 'An announcement was published.',
    text: serverText('notification.announcement', { title }),
    link:
      typeof announcement.id === 'string'
        ? notificationLinks.announcement(announcement.id)
        : notificationLinks.announcements(),
  });
}

/** What a weekly record is: its category, the winner's name and their count. */
type WeeklyRecord = ServerText<'notification.weeklyRecord'>['params'];

/**
 * A teammate's record (the week's most sales, leads or installs): the winner and everyone on
 * their teams hear of it. Written by the scheduled job, so the author is the org itself. With
 * `record`, devices say it in their reader's language; without, they show `message` as written.
 */
export async function notifyWeeklyRecord(
  tx: Tx,
  orgId: number,
  version: number,
  winner: string,
  message: string,
  record?: WeeklyRecord,
): Promise<void> {
  const teamIds = (
    await tx
      .select({ team_id: teamMembers.team_id })
      .from(teamMembers)
      .where(
        and(eq(teamMembers.user_id, winner), eq(teamMembers.org_id, orgId), isNull(teamMembers.deleted_at)),
      )
  ).map((m) => m.team_id);
  const teammates = teamIds.length
    ? (
        await tx
          .select({ user_id: teamMembers.user_id })
          .from(teamMembers)
          .where(
            and(
              inArray(teamMembers.team_id, teamIds),
              eq(teamMembers.org_id, orgId),
              isNull(teamMembers.deleted_at),
            ),
          )
      ).map((m) => m.user_id)
    : [];
  await notifyUsers(tx, systemActor(orgId), version, [winner, ...teammates], {
    title: 'Weekly record',
    message,
    link: notificationLinks.leaderboard(),
    ...(record ? { text: serverText('notification.weeklyRecord', record) } : {}),
  });
}
