/** The signed-in user's configuration on the device (pulled, or made here and not yet sent). */
import type { CrmDatabase } from '../database.ts';
import type { UserConfigRow } from '../rows.ts';

export async function userConfig(db: CrmDatabase, userId: string): Promise<UserConfigRow | null> {
  return ((await db.user_configs.get(userId)) as UserConfigRow | undefined) ?? null;
}
