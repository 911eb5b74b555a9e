/**
 * The server's scheduled and queued work: each job's name, payload, schedule and handler. A new
 * job is one more entry in {@link JOB_DEFINITIONS}; the queue (queue.ts) creates its queue,
 * registers its schedule and runs its handler on whichever instance claims the job first.
 */
import { weekBefore, weekFromKey } from '#src/domain/weeklyWinners.ts';
import { nudge } from '../services/automations/nudge.ts';
import {
  dispatchAutomationEvents,
  executeRun,
  runTimeTriggers,
  sweepAutomations,
} from '../services/automations/runner.ts';
import { runContestJob } from '../services/contests.ts';
import type { ServiceContext } from '../services/context.ts';
import { forgetExpiredStates, refreshExpiringTokens } from '../services/integrations/connections.ts';
import { placeLeads } from '../services/leadPlacement.ts';
import { deliverShareEmail, sweepShareEmails } from '../services/mail/shareEmails.ts';
import { deliverDueWebhooks, deliverWebhook } from '../services/webhooks.ts';
import { activeOrgIds, recordWeeklyWinners } from '../services/weeklyWinners.ts';

/** What each job carries. */
export interface JobPayloads {
  /** `week`: its Monday as YYYY-MM-DD; absent, the week before the one the job was created in. */
  'weekly-activity-winners': { week?: string };
  /** Announces the contests that started and decides those that ended (no payload). */
  'contest-decide': Record<string, never>;
  /** Renews OAuth tokens of integrations expiring within the next hour, drops expired attempts (no payload). */
  'integration-token-refresh': Record<string, never>;
  /** Runs the automations of changes just recorded (sent after a write; no payload). */
  'automation-dispatch': Record<string, never>;
  /** Goes on with one automation run: after a wait, or to try a failed action again. */
  'automation-run': { run_id?: string };
  /** Sends one outgoing webhook delivery (or tries it again). */
  'webhook-deliver': { delivery_id?: string };
  /** Every minute: events, runs and deliveries a sent job missed (no payload). */
  'automation-sweep': Record<string, never>;
  /** Hourly: the time-based automation triggers (days in a status, a date reached). */
  'automation-time': Record<string, never>;
  /** Places a batch of leads that have an address and no position (sent after such a write; no payload). */
  'lead-placement': Record<string, never>;
  /** Sends one signed proposal's link to its homeowner by email (sent when the rep asks). */
  'proposal-email-send': { email_id?: string };
  /** Every minute: homeowners' emails no job took, and those a stopped server left half sent (no payload). */
  'proposal-email-sweep': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export interface JobRun<N extends JobName> {
  data: JobPayloads[N];
  /** When the job was created (for a schedule: when its time came). */
  createdOn: Date;
}

export interface JobDefinition<N extends JobName> {
  name: N;
  /** A cron expression, evaluated in {@link SCHEDULE_TIME_ZONE}; absent for jobs only sent. */
  cron?: string;
  /**
   * 'stately': at most one such job waits and one runs, across every instance (work that must not
   * run twice at once, e.g. paced calls to another's service); absent, pg-boss's standard queue.
   */
  policy?: 'stately';
  run(ctx: ServiceContext, job: JobRun<N>): Promise<void>;
}

/** Schedules run on UTC, the same clock the weekly winners' Monday–Sunday weeks use. */
export const SCHEDULE_TIME_ZONE = 'UTC';

const weeklyActivityWinners: JobDefinition<'weekly-activity-winners'> = {
  name: 'weekly-activity-winners',
  // Mondays at 00:05 UTC, for the week that ended at midnight.
  cron: '5 0 * * 1',
  async run(ctx, job) {
    const week = job.data.week ? weekFromKey(job.data.week) : weekBefore(job.createdOn);
    // A payload that names no week can never succeed: finish rather than retry it.
    if (!week) return;
    for (const orgId of await activeOrgIds(ctx)) await recordWeeklyWinners(ctx, orgId, week);
  },
};

const contestDecide: JobDefinition<'contest-decide'> = {
  name: 'contest-decide',
  // Every 15 minutes: a contest is announced and decided within a quarter of an hour (UTC days).
  cron: '*/15 * * * *',
  async run(ctx) {
    await runContestJob(ctx);
  },
};

const integrationTokenRefresh: JobDefinition<'integration-token-refresh'> = {
  name: 'integration-token-refresh',
  // Every 15 minutes: a token expiring within the hour gets at least three chances to renew.
  cron: '*/15 * * * *',
  async run(ctx) {
    await refreshExpiringTokens(ctx);
    await forgetExpiredStates(ctx);
  },
};

const automationDispatch: JobDefinition<'automation-dispatch'> = {
  name: 'automation-dispatch',
  async run(ctx) {
    await dispatchAutomationEvents(ctx);
  },
};

const automationRun: JobDefinition<'automation-run'> = {
  name: 'automation-run',
  async run(ctx, job) {
    // A run that is not due or is someone else's is left alone; the sweep comes back to it.
    if (job.data.run_id) await executeRun(ctx, job.data.run_id);
  },
};

const webhookDeliver: JobDefinition<'webhook-deliver'> = {
  name: 'webhook-deliver',
  async run(ctx, job) {
    if (job.data.delivery_id) await deliverWebhook(ctx, job.data.delivery_id);
  },
};

const automationSweep: JobDefinition<'automation-sweep'> = {
  name: 'automation-sweep',
  cron: '* * * * *',
  async run(ctx) {
    await sweepAutomations(ctx);
    await deliverDueWebhooks(ctx);
  },
};

const automationTime: JobDefinition<'automation-time'> = {
  name: 'automation-time',
  // Hourly, a few minutes past: a day's date is reached within the hour.
  cron: '7 * * * *',
  async run(ctx) {
    await runTimeTriggers(ctx);
  },
};

const leadPlacement: JobDefinition<'lead-placement'> = {
  name: 'lead-placement',
  // Every minute, and sent after leads without a position are written (an import starts at once).
  // One run at a time anywhere, so the geocoders' pace holds however many instances run.
  cron: '* * * * *',
  policy: 'stately',
  async run(ctx) {
    const run = await placeLeads(ctx);
    // A full batch: the next one starts as soon as this one ends, not at the next minute.
    if (run.more) nudge(ctx.config, 'lead-placement');
  },
};

const proposalEmailSend: JobDefinition<'proposal-email-send'> = {
  name: 'proposal-email-send',
  async run(ctx, job) {
    if (job.data.email_id) await deliverShareEmail(ctx, job.data.email_id);
  },
};

const proposalEmailSweep: JobDefinition<'proposal-email-sweep'> = {
  name: 'proposal-email-sweep',
  cron: '* * * * *',
  async run(ctx) {
    await sweepShareEmails(ctx);
  },
};

export const JOB_DEFINITIONS: { [N in JobName]: JobDefinition<N> } = {
  'weekly-activity-winners': weeklyActivityWinners,
  'contest-decide': contestDecide,
  'integration-token-refresh': integrationTokenRefresh,
  'automation-dispatch': automationDispatch,
  'automation-run': automationRun,
  'webhook-deliver': webhookDeliver,
  'automation-sweep': automationSweep,
  'automation-time': automationTime,
  'lead-placement': leadPlacement,
  'proposal-email-send': proposalEmailSend,
  'proposal-email-sweep': proposalEmailSweep,
};
