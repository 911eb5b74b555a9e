/** Validation of a saved deal-stage configuration (SPEC section 4). */
import { z } from 'zod';
import { safeString } from './common.ts';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'must be a hex colour like #1c7ed6' });
const label = safeString.trim().min(1, { message: 'must not be empty' }).max(100);

const optionSchema = z.object({
  label,
  value: label,
  color: hexColor,
  is_editable: z.boolean().default(true),
  target_key: safeString.max(100).default('deal_stage_status'),
  group: safeString.max(100).default(''),
});

const stageSchema = z.object({
  label,
  value: label,
  is_stage: z.boolean().default(true),
  color: hexColor,
  options: z.array(optionSchema).min(1, { message: 'a stage needs at least one status' }).max(200),
});

/** A saved deal-stage configuration: valid colours, no empty labels, each status in one stage only. */
export const dealStageConfigSchema = z
  .array(stageSchema)
  .min(1, { message: 'there must be at least one stage' })
  .max(50)
  .superRefine((stages, ctx) => {
    const seenStages = new Set<string>();
    const seenStatuses = new Set<string>();
    stages.forEach((s, i) => {
      if (seenStages.has(s.value))
        ctx.addIssue({ code: 'custom', path: [i, 'value'], message: `stage '${s.value}' appears twice` });
      seenStages.add(s.value);
      s.options.forEach((o, j) => {
        if (seenStatuses.has(o.value)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'options', j, 'value'],
            message: `status '${o.value}' appears in more than one place`,
          });
        }
        seenStatuses.add(o.value);
      });
    });
  });
