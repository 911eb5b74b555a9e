/**
 * What a door weighs when a region is cut into balanced turfs. Either every door counts one, or
 * each counts its expected value, from what the device holds of it:
 * - a door with a deal counts its contract amount;
 * - else its yearly electricity cost, the size of the system it could buy: `annual_cost`, else
 *   twelve times `monthly_cost`, `bill` or its utility data's bill;
 * - a door with none of these counts the median of the doors that have one, so an unknown door
 *   neither vanishes from the balance nor outweighs the known ones;
 * - when no door has any, every door counts one (the same as counting doors).
 */
import { dealOf } from './deal.ts';

export const DOOR_WEIGHTS = ['count', 'value'] as const;
export type DoorWeight = (typeof DOOR_WEIGHTS)[number];

const positive = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

/** A door's own expected value, or null when the device holds nothing to tell it by. */
export function expectedValue(door: Record<string, unknown>): number | null {
  const deal = positive(dealOf(door).contract_amount);
  if (deal !== null) return deal;
  const annual = positive(door.annual_cost);
  if (annual !== null) return annual;
  const ecl =
    door.ecl_data && typeof door.ecl_data === 'object' ? (door.ecl_data as Record<string, unknown>) : {};
  const monthly = positive(door.monthly_cost) ?? positive(door.bill) ?? positive(ecl.bill);
  return monthly === null ? null : monthly * 12;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Each door's weight under `mode`, from the doors' expected values (`expectedValue`), in their order. */
export function doorWeights(values: readonly (number | null)[], mode: DoorWeight): number[] {
  if (mode === 'count') return values.map(() => 1);
  const known = values.filter((v): v is number => v !== null);
  if (!known.length) return values.map(() => 1);
  const fill = median(known);
  return values.map((v) => v ?? fill);
}
