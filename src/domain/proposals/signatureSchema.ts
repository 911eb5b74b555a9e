/**
 * `proposal.sign.v1` on the wire: the homeowner's signature of a proposal, checked the same way by
 * the device before it queues one and by the server before it looks at the hash
 * (`signatureProblem`, signature.ts). Every size is capped: the drawn PNG, the names, the shown
 * proposal, the audit trail.
 */
import { z } from 'zod';
import {
  boundedInt,
  boundedText,
  isoDateSchema,
  isoDateTime,
  safeString,
  uuidSchema,
} from '../schemas/common.ts';
import {
  AUDIT_MAX,
  INITIALS_MAX,
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNATURE_VERSION,
  SIGNED_CONTENT_MAX_CHARS,
  SIGNER_NAME_MAX,
  type SignatureArgs,
} from './signature.ts';

const text = (max: number) => boundedText(max);
const plain = z.union([safeString.max(1000), z.number().finite(), z.null()]);

const positionSchema = z
  .object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    accuracy: z.number().min(0).max(100_000),
  })
  .strict();

const pricedSchema = z
  .object({
    lead_id: uuidSchema.nullable(),
    financer: text(200).nullable(),
    option: text(50).nullable(),
    amount: z.number().finite().min(0).nullable(),
    panels: boundedInt(0, 100_000).nullable(),
    details: z
      .object({
        utility: plain,
        usage_source: plain,
        monthly_bill: plain,
        rate: plain,
        annual_kwh: plain,
        sun_hours: plain,
        panel_wattage: plain,
        required_kw: plain,
        system_kw: plain,
        product_ids: z.array(text(100)).max(50),
      })
      .strict(),
  })
  .strict();

const shownSchema = z
  .object({
    title: text(1000),
    subtitle: text(1000),
    sections: z
      .array(
        z
          .object({
            title: text(1000),
            lines: z.array(z.object({ label: text(2000), value: text(5000) }).strict()).max(1000),
            note: text(5000).optional(),
          })
          .strict(),
      )
      .max(20),
  })
  .strict();

const signerName = text(SIGNER_NAME_MAX).refine((v) => v.trim().length > 0, { message: 'is required' });

export const signedContentSchema = z
  .object({
    v: z.literal(SIGNATURE_VERSION),
    proposal_id: uuidSchema,
    priced: pricedSchema,
    shown: shownSchema,
    signer_name: signerName,
    initials: text(INITIALS_MAX).nullable(),
    signed_at: isoDateTime(),
    signed_day: isoDateSchema,
    signed_by: uuidSchema,
    position: positionSchema.nullable(),
    image_sha256: z.string().regex(/^[0-9a-f]{64}$/, { message: 'must be a SHA-256 in hex' }),
  })
  .strict()
  .refine((c) => JSON.stringify(c).length <= SIGNED_CONTENT_MAX_CHARS, {
    message: `is larger than ${SIGNED_CONTENT_MAX_CHARS / 1024} KB`,
  });

/** The longest base64 text of an image of at most SIGNATURE_IMAGE_MAX_BYTES bytes. */
const IMAGE_MAX_CHARS = Math.ceil(SIGNATURE_IMAGE_MAX_BYTES / 3) * 4;

export const auditEventSchema = z
  .object({
    event: z.enum(['viewed', 'signed']),
    by: uuidSchema,
    at: isoDateTime(),
    position: positionSchema.nullable(),
  })
  .strict();

export const proposalSignSchema = z
  .object({
    proposal_id: uuidSchema,
    content: signedContentSchema,
    hash: z.string().regex(/^[0-9a-f]{64}$/, { message: 'must be a SHA-256 in hex' }),
    image: z
      .string()
      .min(1, { message: 'is required: draw the signature' })
      .max(IMAGE_MAX_CHARS, {
        message: `is larger than ${SIGNATURE_IMAGE_MAX_BYTES / 1024} KB: draw the signature again, smaller`,
      })
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'must be a PNG image in base64' }),
    file_id: uuidSchema.nullable(),
    audit: z.array(auditEventSchema).max(AUDIT_MAX),
  })
  .strict() satisfies z.ZodType<SignatureArgs>;
