import { and, eq, isNull } from 'drizzle-orm';
import { userConfigs } from '../db/schema.ts';
import type { Tx } from './context.ts';

/** Whether the user has a configuration yet (SPEC section 2: else they land on /profile/edit). */
export async function hasConfiguration(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userConfigs.id })
    .from(userConfigs)
    .where(and(eq(userConfigs.user_id, userId), isNull(userConfigs.deleted_at)));
  return !!row;
}
