/** User commands: the signed-in user's profile, and changes to a user's record. */
import type { CrmDatabase } from '#src/db/database.ts';
import { profileSaveSchema, userEditSchema } from '#src/domain/schemas/user.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { enqueue, InvalidChangeError, readForWrite, transactionTables } from './enqueue.ts';

/** Saves the signed-in user's profile (name and phone); the server also creates their configuration. */
export async function saveProfile(
  db: CrmDatabase,
  userId: string,
  input: Record<string, unknown>,
): Promise<void> {
  const parsed = profileSaveSchema.safeParse(input);
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  await db.transaction('rw', transactionTables(db), () =>
    enqueue(db, 'users', userId, 'profile.save.v1', parsed.data),
  );
}

/** Changes a user's record (admins: any field of the users/edit call; others: their own profile). */
export async function editUser(db: CrmDatabase, id: string, changes: Record<string, unknown>): Promise<void> {
  const parsed = userEditSchema.safeParse({ ...changes, id });
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  await db.transaction('rw', transactionTables(db), async () => {
    const reads = await readForWrite(db, 'users', id);
    if (!reads.current) throw new InvalidChangeError('This user is not on this device any more.');
    await enqueue(db, 'users', id, 'user.edit.v1', parsed.data as Record<string, unknown>, reads);
  });
}
