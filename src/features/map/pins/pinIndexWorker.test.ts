// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: the pin worker's own test writes the device database it reads
import { CrmDatabase } from '#src/db/database.ts';
import { DEFAULT_DEAL_STAGES, statusColor } from '#src/domain/dealStages.ts';
import { PinIndexService } from './pinIndexWorker.ts';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];
const open: CrmDatabase[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
});

async function pinWorkerWith(status: string) {
  const db = new CrmDatabase(`pin-preview-${crypto.randomUUID()}`);
  open.push(db);
  const write = (row: Record<string, unknown>) =>
    db.transaction('rw', [db.contacts, db.pin_changes], () => db.contacts.put({ _id: 'lead', ...row }));
  await write({
    name: 'Sol',
    coordinates: [-112.07, 33.45],
    deal_stage: 'Contact',
    deal_stage_status: status,
  });
  const worker = new PinIndexService();
  await worker.open(db.name);
  worker.setStages(DEFAULT_DEAL_STAGES);
  /** The lead's pin as the map would draw it now. */
  const drawn = () => {
    const view = worker.view(WORLD, 18);
    const point = view.features.find((f) => 'id' in f.properties && f.properties.id === 'lead');
    return {
      ...(point?.properties as { status: string; color: string; pending: boolean }),
      previewing: view.previewing,
    };
  };
  return { worker, write, drawn };
}

describe("the pin worker's knock preview", () => {
  it('draws the new status at once and the database pin again when the write fails', async () => {
    const { worker, drawn } = await pinWorkerWith('Not Home 1');
    expect(worker.previewStatus('lead', 'Appointment Set')).toBe(true);
    expect(drawn()).toMatchObject({
      status: 'Appointment Set',
      color: statusColor(DEFAULT_DEAL_STAGES, 'Appointment Set'),
      pending: true,
      previewing: true,
    });
    expect(worker.endPreview(['lead'])).toBe(true);
    expect(drawn()).toMatchObject({ status: 'Not Home 1', pending: false, previewing: false });
  });

  it("gives way to the write's own pin change once read, so a late failure puts nothing back", async () => {
    const { worker, write, drawn } = await pinWorkerWith('Not Home 1');
    worker.previewStatus('lead', 'Not Home 2');
    await write({
      name: 'Sol',
      coordinates: [-112.07, 33.45],
      deal_stage: 'Contact',
      deal_stage_status: 'Come Back',
    });
    expect(await worker.refresh()).toBe(true);
    expect(drawn()).toMatchObject({ status: 'Come Back', previewing: false });
    expect(worker.endPreview(['lead'])).toBe(false);
    expect(drawn()).toMatchObject({ status: 'Come Back' });
  });

  it('previews nothing for an unknown pin or an unchanged status', async () => {
    const { worker, drawn } = await pinWorkerWith('Not Home 1');
    expect(worker.previewStatus('nobody', 'Come Back')).toBe(false);
    expect(worker.previewStatus('lead', 'Not Home 1')).toBe(false);
    expect(drawn()).toMatchObject({ status: 'Not Home 1', previewing: false });
  });
});
