/** Sign-in and terms calls. */
import { z } from 'zod';
import { LEGAL_SLUG_MAX, LEGAL_SLUG_PATTERN } from '../legalDocuments.ts';
import { safeString } from './common.ts';

export const loginSchema = z
  .object({
    email: z.email({ message: 'must be a valid email address' }).max(200),
    password: safeString.min(1, { message: 'is required' }).max(200),
  })
  .strict();

const tosVersion = safeString.min(1, { message: 'is required' }).max(50);

/** The app converts body names to snake_case, so `tosVersion` may arrive as `tos_version`. */
export const acceptTermsSchema = z
  .object({ tosVersion: tosVersion.optional(), tos_version: tosVersion.optional() })
  .strict()
  .refine((v) => v.tosVersion ?? v.tos_version, { message: 'is required', path: ['tosVersion'] })
  .transform((v) => ({ tosVersion: (v.tosVersion ?? v.tos_version) as string }));

/** POST /api/v2/legal/terms: an admin publishes a new version of the org's terms. */
export const termsPublishSchema = z
  .object({
    version: safeString.trim().min(1, { message: 'is required' }).max(50),
    title: safeString.trim().min(1, { message: 'is required' }).max(200),
    content: safeString.trim().min(1, { message: 'is required' }).max(200_000),
  })
  .strict();
export type TermsPublishInput = z.infer<typeof termsPublishSchema>;

/** GET /api/v2/legal/documents/{slug}: the document a legal page shows. */
export const legalDocumentParamsSchema = z
  .object({
    slug: safeString
      .max(LEGAL_SLUG_MAX, { message: `must be at most ${LEGAL_SLUG_MAX} characters` })
      .regex(LEGAL_SLUG_PATTERN, {
        message: 'must be lower-case letters and digits, with single dashes between (such as privacy)',
      })
      .describe("The document's name in its address: terms, privacy or another the org published."),
  })
  .strict();
