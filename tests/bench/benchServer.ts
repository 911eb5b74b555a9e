/** The app server as the benchmarks run it: built app, embedded PGlite in a given folder, any free port. */
import { type ChildProcess, spawn } from 'node:child_process';

export function startServer(env: Record<string, string>): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      STATIC_DIR: './dist',
      // A benchmark never places leads through a geocoder on the internet.
      PLACE_LEADS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d;
      const m = /(http:\/\/localhost:\d+)/.exec(out);
      if (m?.[1]) resolve({ proc, url: m[1] });
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
}

export async function login(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo1234' }),
  });
  return ((await res.json()) as { token: string }).token;
}
