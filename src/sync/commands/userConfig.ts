/**
 * The signed-in user's configuration (map choices, saved places): written on the device at once and
 * queued as `user_config.save.v1`, so it reaches the server, and the user's other devices, when online.
 * Each save names whole fields; the server keeps the last write of each field.
 */
import type { CrmDatabase } from '#src/db/database.ts';
import {
  type MapLayout,
  mapLayoutSchema,
  type UserConfigFields,
  userConfigUpdateSchema,
} from '#src/domain/schemas/userConfig.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { enqueue, InvalidChangeError, readForWrite, transactionTables } from './enqueue.ts';

/** Saves fields of the user's configuration (the row is keyed by the user's id). */
export async function saveUserConfig(
  db: CrmDatabase,
  userId: string,
  fields: UserConfigFields,
): Promise<void> {
  const parsed = userConfigUpdateSchema.safeParse(fields);
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  await db.transaction('rw', transactionTables(db, 'user_configs'), () =>
    enqueue(db, 'user_configs', userId, 'user_config.save.v1', parsed.data as Record<string, unknown>),
  );
}

/**
 * Changes one map's layout (its layers, its view) inside the user's `map_layouts`, keeping the
 * other maps' layouts and whatever of this one the change leaves out.
 */
export async function saveMapLayout(
  db: CrmDatabase,
  userId: string,
  change: Pick<MapLayout, 'name'> & Partial<MapLayout>,
): Promise<void> {
  await db.transaction('rw', transactionTables(db, 'user_configs'), async () => {
    const reads = await readForWrite(db, 'user_configs', userId);
    const layouts = ((reads.current?.map_layouts as unknown[] | undefined) ?? []).filter(
      (l): l is MapLayout => mapLayoutSchema.safeParse(l).success,
    );
    const current = layouts.find((l) => l.name === change.name);
    const next = { ...current, ...change };
    const map_layouts = current ? layouts.map((l) => (l === current ? next : l)) : [...layouts, next];
    const parsed = userConfigUpdateSchema.safeParse({ map_layouts });
    if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
    await enqueue(
      db,
      'user_configs',
      userId,
      'user_config.save.v1',
      parsed.data as Record<string, unknown>,
      reads,
    );
  });
}
