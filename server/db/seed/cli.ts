/**
 * `npm run seed -- --contacts 100000 [--users 10000] [--teams 10000]`: the demo org, grown to the
 * asked number of contacts (and users and teams).
 */
import { parseArgs } from 'node:util';
import { withConfiguredDatabase } from '../client.ts';
import { seedDemo } from './seedDemo.ts';

function count(flag: string, value: string | undefined, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    throw new Error(`--${flag} must be a whole number from 0 to ${max}, got '${value}'`);
  }
  return n;
}

let contacts: number;
let users: number;
let teams: number;
try {
  const { values } = parseArgs({
    options: {
      contacts: { type: 'string', default: '5000' },
      users: { type: 'string', default: '0' },
      teams: { type: 'string', default: '0' },
    },
    strict: true,
  });
  contacts = count('contacts', values.contacts, 2_000_000);
  users = count('users', values.users, 100_000);
  teams = count('teams', values.teams, 100_000);
} catch (err) {
  console.error(
    `seed: ${(err as Error).message}\nUsage: npm run seed -- --contacts 100000 [--users 10000] [--teams 10000]`,
  );
  process.exit(2);
}

const started = Date.now();
await withConfiguredDatabase(async (handle) => {
  const summary = await seedDemo(handle.db, { contacts, users, teams });
  console.log(
    `seeded ${handle.kind}: org ${summary.created_org ? 'created' : 'existing'}, ${summary.contacts_added} contacts added, ${summary.contacts_total} in total, ${Date.now() - started} ms`,
  );
});
