/**
 * Turfs on the wire: a region's cut (`POST /api/v2/turfs/cut`), one turf's change
 * (`/api/v2/turfs/edit`) and deletion (`/api/v2/turfs/delete`), and the synced turf row. The
 * outline is checked here by its shape (src/domain/turfGeometry.ts); the server checks it again
 * against its region's outline.
 */
import { z } from 'zod';
import { TURF_GEOMETRY_MESSAGES, turfShapeProblem } from '../turfGeometry.ts';
import { boundedText, jsonObject, safeString, uuidSchema } from './common.ts';

/** A region is cut into at most this many turfs (one per rep). */
export const MAX_TURFS_PER_CUT = 50;

const name = boundedText(200).trim().min(1, { message: 'is required' });
const color = safeString.regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour such as #21A1D6' });
const geometry = jsonObject.superRefine((value, ctx) => {
  const problem = turfShapeProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: TURF_GEOMETRY_MESSAGES[problem] });
});

/** The fields of a turf a manager sets. */
export const turfFields = {
  name,
  color: color.nullable(),
  geometry,
  user_id: uuidSchema,
};

/** One turf of a cut: the device chooses its id. */
const cutTurfSchema = z
  .object({ id: uuidSchema, ...turfFields, color: turfFields.color.optional() })
  .strict();

/**
 * A region's turfs, all at once: they replace the region's current turfs (those not named are
 * deleted), contacts inside each take it, and each turf's rep takes its doors that are not locked.
 */
export const turfCutSchema = z
  .object({
    region_id: uuidSchema,
    turfs: z
      .array(cutTurfSchema)
      .min(1, { message: 'must hold at least one turf' })
      .max(MAX_TURFS_PER_CUT, { message: `may hold at most ${MAX_TURFS_PER_CUT} turfs` }),
  })
  .strict()
  .superRefine((cut, ctx) => {
    const seen = new Set<string>();
    cut.turfs.forEach((turf, index) => {
      if (seen.has(turf.id))
        ctx.addIssue({ code: 'custom', path: ['turfs', index, 'id'], message: 'names a turf twice' });
      seen.add(turf.id);
    });
  });
export type TurfCutInput = z.infer<typeof turfCutSchema>;

/** One turf changed: its name, colour, outline or rep (any of them). */
export const turfEditSchema = z
  .object({
    id: uuidSchema,
    name: turfFields.name.optional(),
    color: turfFields.color.optional(),
    geometry: turfFields.geometry.optional(),
    user_id: turfFields.user_id.optional(),
  })
  .strict();
export type TurfEditInput = z.infer<typeof turfEditSchema>;

export const turfDeleteSchema = z.object({ id: uuidSchema }).strict();
export type TurfDeleteInput = z.infer<typeof turfDeleteSchema>;

/** What a cut or an edit did to the doors: how many the reps took, and how many stayed locked. */
export const turfAssignmentSchema = z.object({
  assigned: z.number().int(),
  locked: z.number().int(),
  out_of_reach: z.number().int(),
});
export type TurfAssignment = z.infer<typeof turfAssignmentSchema>;

/** The synced turf row's own fields (besides every row's). */
export const turfRowFields = {
  region_id: uuidSchema,
  user_id: uuidSchema.nullable(),
  name: z.string(),
  color: z.string().nullable().optional(),
  geometry: z.looseObject({ type: z.string(), coordinates: z.array(z.unknown()) }),
};
