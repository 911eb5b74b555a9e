/**
 * How a service asks for a job once its write has committed. The job queue (server/jobs/queue.ts)
 * attaches its sender when it starts; without one (tests, JOBS=off) a nudge does nothing and the
 * minute's sweep does the work.
 */
import type { ServerConfig } from '#server/config.ts';

/** Jobs a service may ask for once its write has committed. */
export type NudgeJob =
  | 'automation-dispatch'
  | 'automation-run'
  | 'webhook-deliver'
  | 'lead-placement'
  | 'proposal-email-send';
type Sender = (name: NudgeJob, data: Record<string, string>, startAfterSeconds: number) => Promise<unknown>;

// One sender per running server (its config object), set when its job queue starts.
const senders = new WeakMap<ServerConfig, Sender>();

export function attachJobSender(config: ServerConfig, send: Sender | undefined): void {
  if (send) senders.set(config, send);
  else senders.delete(config);
}

/**
 * Queues a job outside the caller's transaction, a moment later so the write has committed (an
 * early job finds nothing to do; the minute's sweep then takes it). Without a queue, does nothing.
 */
export function nudge(
  config: ServerConfig,
  name: NudgeJob,
  data: Record<string, string> = {},
  startAfterSeconds = 1,
): void {
  const send = senders.get(config);
  if (!send) return;
  setTimeout(() => {
    send(name, data, startAfterSeconds).catch((err: Error) =>
      console.error(`Could not queue ${name}: ${err.message}`),
    );
  }, 0);
}
