/**
 * Availability and distribution rules, written on the device at once and queued
 * (`availability.save.v1`, `distribution_rule.save.v1`), so they reach the server, and the devices
 * of the people who book, when online. The server checks who may (server/services/availability.ts,
 * server/services/distribution.ts); the device checks the shapes with the same schemas.
 */
import type { CrmDatabase } from '#src/db/database.ts';
import {
  type AvailabilityFields,
  availabilitySaveSchema,
  type DistributionRuleSaveInput,
  distributionRuleSaveSchema,
} from '#src/domain/schemas/availability.ts';
import { describeZodError } from '#src/domain/validation.ts';
import { enqueue, InvalidChangeError, transactionTables } from './enqueue.ts';

/** Saves fields of a person's availability (the row is keyed by the person's id). */
export async function saveAvailability(
  db: CrmDatabase,
  userId: string,
  fields: AvailabilityFields,
  author?: string,
): Promise<void> {
  const parsed = availabilitySaveSchema.safeParse({ user_id: userId, fields });
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  await db.transaction('rw', transactionTables(db, 'availability'), () =>
    enqueue(
      db,
      'availability',
      userId,
      'availability.save.v1',
      parsed.data as unknown as Record<string, unknown>,
      undefined,
      author,
    ),
  );
}

/** Sets a team's or region's distribution rule, or takes it away (`removed`). */
export async function saveDistributionRule(db: CrmDatabase, input: DistributionRuleSaveInput): Promise<void> {
  const parsed = distributionRuleSaveSchema.safeParse(input);
  if (!parsed.success) throw new InvalidChangeError(describeZodError(parsed.error));
  await db.transaction('rw', transactionTables(db, 'distribution_rules'), () =>
    enqueue(
      db,
      'distribution_rules',
      parsed.data.id,
      'distribution_rule.save.v1',
      parsed.data as unknown as Record<string, unknown>,
    ),
  );
}
