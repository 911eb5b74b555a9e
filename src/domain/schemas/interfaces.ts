/** The spec's interfaces calls: get by key, edit {key, table_id, table_name, type, data}. */
import { z } from 'zod';
import { boundedText, jsonValue } from './common.ts';

export const INTERFACE_TYPES = ['config', 'table', 'form', 'dashboard'] as const;

const keySchema = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, {
  message: 'must be lower-case letters, digits and underscores, e.g. deal_stage',
});

export const interfaceQuerySchema = z.object({ key: keySchema }).strict();

export const interfaceEditSchema = z
  .object({
    key: keySchema,
    table_id: boundedText(100).nullable().optional(),
    table_name: boundedText(100).nullable().optional(),
    type: z
      .enum(INTERFACE_TYPES, { message: `must be one of: ${INTERFACE_TYPES.join(', ')}` })
      .default('config'),
    data: jsonValue.refine((v) => v !== undefined && v !== null, { message: 'is required' }),
  })
  .strict();
export type InterfaceEditInput = z.infer<typeof interfaceEditSchema>;

/** The interface holding the org's branding, pulled by every device of the org. */
export const BRANDING_KEY = 'branding';

/** The org's branding (its name lives on the org itself): a logo and a primary colour. */
export const brandingSchema = z
  .object({
    logo_url: boundedText(2000)
      .regex(/^(https:\/\/|\/api\/v2\/media\/)/, {
        message: 'must be an https:// address or a file uploaded to the app',
      })
      .nullable(),
    primary_color: boundedText(7)
      .regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a colour such as #21A1D6' })
      .nullable(),
  })
  .strict();
export type Branding = z.infer<typeof brandingSchema>;
