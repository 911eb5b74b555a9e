// Runs a command with Node.js 24 first on PATH. Plain JavaScript, so it works on an older Node:
// when the running Node is older than 24 it uses (and on first use installs, from the npm
// registry's `node` package) a local Node 24 in .tools/node24.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/withNode24.mjs <command> [args…]');
  process.exit(2);
}

const env = { ...process.env };
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  const prefix = join(process.cwd(), '.tools', 'node24');
  const bin = join(prefix, 'node_modules', '.bin');
  if (!existsSync(join(bin, 'node'))) {
    console.log(`Node ${process.versions.node} is older than 24: installing Node 24 into .tools/node24 …`);
    const install = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-package-lock', 'node@24'],
      {
        stdio: 'inherit',
        shell: process.platform === 'win32',
      },
    );
    if (install.status !== 0) {
      console.error('Could not install Node 24. Install Node.js 24 LTS and try again.');
      process.exit(1);
    }
  }
  env.PATH = `${bin}${delimiter}${env.PATH ?? ''}`;
}

const result = spawnSync(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
process.exit(result.status ?? 1);
