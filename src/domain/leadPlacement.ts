/**
 * Placing a lead on the map from its address: a lead that has an address and no position is
 * looked up by the server with the org's geocoder (server/services/leadPlacement.ts). The address
 * asked for is one text, the same on both sides; a lookup that found nothing leaves a mark in the
 * lead (`placement`, kept with the lead's other extras and pulled like them) naming the address it
 * failed for, so it is not asked again until the address changes, and the lead page can say so.
 */
import { z } from 'zod';

/** The lead's field that holds the mark; only the server writes it (devices cannot send it). */
export const PLACEMENT_FIELD = 'placement';

/** A lookup that found no US place for `address` (at `at`, an ISO time). */
export const leadPlacementSchema = z.looseObject({
  state: z.literal('failed'),
  at: z.string(),
  address: z.string(),
});
export type LeadPlacement = z.infer<typeof leadPlacementSchema>;

interface AddressParts {
  address?: string | null | undefined;
  street?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
  zip?: string | null | undefined;
}

const clean = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The text the geocoder is asked for: the lead's address line, else 'street, city, STATE ZIP'
 * from the parts it has; undefined without either.
 */
export function placementAddress(lead: AddressParts): string | undefined {
  const line = clean(lead.address);
  if (line) return line;
  const tail = [clean(lead.state), clean(lead.zip)].filter(Boolean).join(' ');
  const built = [clean(lead.street), clean(lead.city), tail].filter(Boolean).join(', ');
  return built || undefined;
}

/** The fields whose change makes a lead's address another one (and so worth asking again). */
export const PLACEMENT_ADDRESS_FIELDS = ['address', 'street', 'city', 'state', 'zip'] as const;

/**
 * What the lead page says of a lead's place on the map: nothing when it has a position or no
 * address, or when the org's address search is off; 'failed' when the lookup of its present
 * address found nothing; else 'pending' (the server is about to look it up).
 */
export function placementShown(
  lead: AddressParts & { coordinates?: unknown; placement?: unknown },
  addressSearchOff: boolean,
): 'pending' | 'failed' | undefined {
  if (Array.isArray(lead.coordinates) && lead.coordinates.length === 2) return undefined;
  const address = placementAddress(lead);
  if (!address || addressSearchOff) return undefined;
  const mark = leadPlacementSchema.safeParse(lead.placement);
  return mark.success && mark.data.address === address ? 'failed' : 'pending';
}
