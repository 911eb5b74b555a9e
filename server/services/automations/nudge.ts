/**
 * How a service asks for a job once its write has committed. The job queue (server/jobs/queue.ts)
 * attaches its sender when it starts; without one (tests, JOBS=off) a nudge does nothing and the
 * minute's sweep does the work.
 */
import type { ServerConfig } from '#server/config.ts';
import { KeyedThrottle } from './keyedThrottle.ts';

/** Jobs a service may ask for once its write has committed. */
export type NudgeJob =
  | 'automation-dispatch'
  | 'automation-run'
  | 'webhook-deliver'
  | 'lead-placement'
  | 'proposal-email-send';
type Sender = (name: NudgeJob, data: Record<string, string>, startAfterSeconds: number) => Promise<unknown>;

/**
 * The same job (name, data and delay) is queued at most once a second per server: a sweep-style job
 * (dispatching every pending automation event, placing every unplaced lead) asked for by each of
 * many writes runs once for all of them. A nudge inside a second of the last is queued when the
 * second ends, so its job still starts after its write.
 */
const SAME_JOB_WINDOW_MS = 1000;

// One sender per running server (its config object), set when its job queue starts.
const senders = new WeakMap<ServerConfig, { send: Sender; throttle: KeyedThrottle }>();

export function attachJobSender(config: ServerConfig, send: Sender | undefined): void {
  if (send) senders.set(config, { send, throttle: new KeyedThrottle(SAME_JOB_WINDOW_MS) });
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
  const sender = senders.get(config);
  if (!sender) return;
  const key = `${name}:${startAfterSeconds}:${JSON.stringify(data)}`;
  setTimeout(() => {
    sender.throttle.call(key, () => {
      // A run folded to a window's end finds the queue stopped when the server is stopping.
      if (senders.get(config) !== sender) return;
      sender
        .send(name, data, startAfterSeconds)
        .catch((err: Error) => console.error(`Could not queue ${name}: ${err.message}`));
    });
  }, 0);
}
