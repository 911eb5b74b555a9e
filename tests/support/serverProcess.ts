/** API instances as separate processes on one database, for the multi-instance tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface ServerProcess {
  proc: ChildProcess;
  /** Where it listens, e.g. http://localhost:41234. */
  url: string;
}

/**
 * Starts `server/main.ts` on its own port against `databaseUrl`, without demo data or web files
 * unless `env` says otherwise.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const proc = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      SEED_DEMO: '0',
      STATIC_DIR: '',
      NODE_ENV: 'test',
      // The tests' webhook receivers listen on 127.0.0.1.
      OUTBOUND_ALLOW_PRIVATE: '1',
      // Test servers never place leads through a geocoder on the internet.
      PLACE_LEADS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stderr?.on('data', (d) => {
    output += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 120_000);
    proc.stdout?.on('data', (d: Buffer) => {
      output += d;
      const match = /on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  return { proc, url };
}

/** Stops the processes and waits until each has exited. */
export async function stopServerProcesses(procs: readonly ChildProcess[]): Promise<void> {
  for (const p of procs) {
    p.kill('SIGTERM');
    if (p.exitCode === null) await once(p, 'exit');
  }
}
