/**
 * API instances for the multi-instance benchmarks: `server/main.ts` child processes on one
 * PostgreSQL database, sharing what instances must share (the database, the secrets key, the data
 * folder), each on its own port. An instance can be killed (SIGKILL) and started again on the same
 * port, and its resident memory read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';

/** What every instance of one deployment shares. */
export interface Deployment {
  databaseUrl: string;
  /** DATA_DIR: uploaded files and map tiles (shared storage). */
  dataDir: string;
  /** SECRETS_KEY: the key stored secrets are sealed with. */
  secretsKey: string;
  /** Further settings (limits, JOBS, …). */
  env?: Record<string, string>;
}

/** Processes still running: killed if the bench itself is stopped (Ctrl-C) or ends without stopping them. */
const running = new Set<ChildProcess>();
let guarded = false;
function guardExit(): void {
  if (guarded) return;
  guarded = true;
  process.once('exit', () => {
    for (const proc of running) proc.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
}

export function newSecretsKey(): string {
  return randomBytes(32).toString('base64');
}

export class Instance {
  readonly name: string;
  private readonly deployment: Deployment;
  private proc: ChildProcess | undefined;
  /** The port it listens on; chosen by the system at the first start, then kept. */
  port = 0;
  /** Whether the process exited (killed, crashed or stopped). */
  exited = true;

  constructor(name: string, deployment: Deployment) {
    this.name = name;
    this.deployment = deployment;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.proc?.pid ?? 0;
  }

  /** Starts the process and resolves once it listens. */
  async start(): Promise<void> {
    const { databaseUrl, dataDir, secretsKey, env = {} } = this.deployment;
    const proc = spawn(process.execPath, ['server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SECRETS_KEY: secretsKey,
        PORT: String(this.port),
        SEED_DEMO: '0',
        STATIC_DIR: '',
        NODE_ENV: 'production',
        // A benchmark never places leads through a geocoder on the internet.
        PLACE_LEADS: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.proc = proc;
    this.exited = false;
    guardExit();
    running.add(proc);
    let output = '';
    proc.stderr?.on('data', (d: Buffer) => {
      output = (output + d).slice(-20_000);
    });
    proc.on('exit', () => {
      this.exited = true;
      running.delete(proc);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} did not start: ${output}`)), 120_000);
      const onExit = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited with ${code}: ${output}`));
      };
      proc.once('exit', onExit);
      proc.stdout?.on('data', (d: Buffer) => {
        output = (output + d).slice(-20_000);
        const match = /on http:\/\/localhost:(\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          proc.off('exit', onExit);
          this.port = Number(match[1]);
          resolve();
        }
      });
    });
    // Errors the server logs while the bench runs are shown, as a person running it would see them.
    proc.stderr?.on('data', (d: Buffer) => process.stderr.write(`[${this.name}] ${d}`));
  }

  /** SIGKILL: the process ends at once, mid-request, with no shutdown of any kind. */
  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc || this.exited) return;
    proc.kill('SIGKILL');
    await once(proc, 'exit');
  }

  /** SIGTERM, and waits until it has exited. */
  async stop(): Promise<void> {
    const proc = this.proc;
    if (!proc || this.exited) return;
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await once(proc, 'exit');
    clearTimeout(timer);
  }

  /** Resident memory of the process, in kB. */
  rssKb(): number {
    if (!this.proc?.pid || this.exited) return 0;
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.proc.pid}/status`, 'utf8'));
    return Number(match?.[1] ?? 0);
  }
}

/** Signs a user in on an instance: the session's bearer token and the user's id. */
export async function signIn(
  url: string,
  email: string,
  password: string,
): Promise<{ token: string; id: string }> {
  const res = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string; _id?: string; message?: string };
  if (!res.ok || !body.token || !body._id)
    throw new Error(`signing in ${email} failed: ${res.status} ${body.message}`);
  return { token: body.token, id: body._id };
}
