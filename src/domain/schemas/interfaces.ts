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
