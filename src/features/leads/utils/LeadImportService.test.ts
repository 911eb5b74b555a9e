import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages, a device database, toasts)
import { testDatabase } from '#src/db/testDatabase.ts';
import { LeadImportService } from './LeadImportService.ts';

const ME = '0190a0b0-0000-7000-8000-00000000000a';

async function deviceWith(name: string, contacts: Record<string, unknown>[]) {
  const db = testDatabase(name);
  await db.transaction('rw', [db.contacts, db.pin_changes, db.users], async () => {
    await db.contacts.bulkPut(contacts as never);
    await db.users.put({ _id: ME, name: 'Rita Rep', email: 'rep@demo.local' });
  });
  db.close();
  return { databaseName: name, userId: ME, mayAssignOthers: false };
}

const CSV = [
  'Full Name,Phone Number,Address,Language,Shoe Size',
  'Ann Lee,602-555-0101,"1 A St, Mesa, AZ 85201",Spanish,9',
  ',602-555-0102,"2 B St, Mesa, AZ 85201",,10',
  'Bo Ray,555-0103,"3 C St, Mesa, AZ 85201",,',
  'Cy Dee,602-555-0104,"1 A Street, Mesa, Arizona 85201",,',
  'Di Existing,602-555-0105,"9 Z St, Mesa, AZ 85201",,',
  '',
].join('\n');

describe('LeadImportService', () => {
  it('reads, flags, takes fixes and skips, imports through the outbox, and finds a re-run as duplicates', async () => {
    const setup = await deviceWith('import-flow', [
      { _id: 'x1', name: 'Dee Exists', address: '9 Z St, Mesa, AZ 85201' },
    ]);
    const service = new LeadImportService();
    const phases = new Set<string>();
    let analysis = await service.load(CSV, 'leads.csv', setup, (p) => phases.add(p.phase));
    expect(phases).toEqual(new Set(['reading', 'checking']));
    expect(analysis.total).toBe(5);
    expect(analysis.mapping).toEqual(['name', 'phone', 'address', 'preferred_language', null]);
    expect(analysis.preview).toHaveLength(5);
    expect(analysis.counts).toEqual({ ready: 1, errors: 2, duplicates: 2, skipped: 0 });
    expect(analysis.flagged.map((r) => [r.index, r.errors.map((e) => e.code), r.duplicate])).toEqual([
      [1, ['nameRequired'], undefined],
      [2, ['phoneDigits'], undefined],
      [3, [], { of: 'file', index: 0 }],
      [4, [], { of: 'device', name: 'Dee Exists' }],
    ]);

    // Fix row 1's name, skip row 2, import the file duplicate anyway.
    analysis = service.editRow(1, 'name', 'Eve Fixed');
    expect(analysis.flagged.find((r) => r.index === 1)?.errors).toEqual([]);
    analysis = service.skipAllWithErrors();
    analysis = service.setIncludeDuplicate(3, true);
    expect(analysis.counts).toEqual({ ready: 3, errors: 0, duplicates: 1, skipped: 1 });

    const progress: number[] = [];
    const summary = await service.run((p) => progress.push(p.done));
    expect(summary).toEqual({ imported: 3, skipped: 2, errors: 0 });
    expect(progress.at(-1)).toBe(3);

    const db = testDatabase(setup.databaseName);
    const outbox = await db.outbox.toArray();
    expect(outbox.map((e) => e.args.name)).toEqual(['Ann Lee', 'Eve Fixed', 'Cy Dee']);
    expect(outbox[0]?.args).toMatchObject({
      preferred_language: 'spanish',
      new_roof: false,
      owner_id: ME,
      deal_stage_status: '',
    });
    db.close();

    const left = service.notImported();
    expect(left.headers).toEqual(['Full Name', 'Phone Number', 'Address', 'Language', 'Shoe Size']);
    expect(left.rows.map((r) => [r.index, r.reason])).toEqual([
      [2, 'skipped'],
      [4, 'duplicate'],
    ]);

    // Running the same file again: every imported row is now on the device.
    const again = await service.load(CSV, 'leads.csv', setup);
    expect(again.counts).toEqual({ ready: 0, errors: 2, duplicates: 3, skipped: 0 });
    expect(again.flagged.find((r) => r.index === 1)?.duplicate).toEqual({ of: 'device', name: 'Eve Fixed' });
  });

  it('checks every row again when a column is mapped differently', async () => {
    const setup = await deviceWith('import-mapping', []);
    const service = new LeadImportService();
    let analysis = await service.load('Who,Tel\nAnn Lee,6025550101\n', 'x.csv', setup);
    expect(analysis.mapping).toEqual([null, 'phone']);
    expect(analysis.counts.errors).toBe(1);
    analysis = service.setMapping(['name', 'phone']);
    expect(analysis.counts).toEqual({ ready: 1, errors: 0, duplicates: 0, skipped: 0 });
    expect(analysis.flagged).toEqual([]);
    expect(() => service.editRow(5, 'name', 'x')).toThrow('No row 5.');
  });

  it('reads an empty file as no rows', async () => {
    const setup = await deviceWith('import-empty', []);
    const analysis = await new LeadImportService().load('', 'empty.csv', setup);
    expect(analysis.total).toBe(0);
    expect(analysis.headers).toEqual([]);
  });
});
