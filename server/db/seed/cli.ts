/** `npm run seed -- --contacts 100000`: the demo org, grown to the asked number of contacts. */
import { parseArgs } from 'node:util';
import { withConfiguredDatabase } from '../client.ts';
import { seedDemo } from './seedDemo.ts';

let contacts: number;
try {
  const { values } = parseArgs({ options: { contacts: { type: 'string', default: '5000' } }, strict: true });
  contacts = Number(values.contacts);
  if (!Number.isInteger(contacts) || contacts < 0 || contacts > 2_000_000) {
    throw new Error(`--contacts must be a whole number from 0 to 2000000, got '${values.contacts}'`);
  }
} catch (err) {
  console.error(`seed: ${(err as Error).message}\nUsage: npm run seed -- --contacts 100000`);
  process.exit(2);
}

const started = Date.now();
await withConfiguredDatabase(async (handle) => {
  const summary = await seedDemo(handle.db, { contacts });
  console.log(
    `seeded ${handle.kind}: org ${summary.created_org ? 'created' : 'existing'}, ${summary.contacts_added} contacts added, ${summary.contacts_total} in total, ${Date.now() - started} ms`,
  );
});
