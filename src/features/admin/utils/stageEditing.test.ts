import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEAL_STAGES } from '#src/domain/dealStages.ts';
import { dealStageConfigSchema } from '#src/domain/schemas/dealStages.ts';
import {
  addStage,
  addStatus,
  moveStage,
  moveStatus,
  moveTargets,
  orphanedStatuses,
  placeStage,
  placeStatus,
  removeStage,
  removeStatus,
  updateStatus,
} from './stageEditing.ts';

const stages = DEFAULT_DEAL_STAGES;
const values = (list: typeof stages) => list.flatMap((s) => s.options.map((o) => o.value));

describe('editing deal stages', () => {
  it('moves a stage or a status one place, and not past either end', () => {
    expect(
      moveStage(stages, 0, 1)
        .map((s) => s.value)
        .slice(0, 2),
    ).toEqual([stages[1]?.value, stages[0]?.value]);
    expect(moveStage(stages, 0, -1)).toEqual(stages);
    const first = stages[0]?.options ?? [];
    expect(
      moveStatus(stages, 0, 0, 1)[0]
        ?.options.map((o) => o.value)
        .slice(0, 2),
    ).toEqual([first[1]?.value, first[0]?.value]);
  });

  it('renames a status without changing the value contacts store', () => {
    const renamed = updateStatus(stages, 0, 0, { label: 'First knock' });
    expect(renamed[0]?.options[0]?.label).toBe('First knock');
    expect(renamed[0]?.options[0]?.value).toBe(stages[0]?.options[0]?.value);
    expect(stages[0]?.options[0]?.label).not.toBe('First knock');
  });

  it('adds stages and statuses the server accepts', () => {
    const added = addStatus(addStage(stages, ' Warranty '), 0, 'Gate locked');
    expect(added.at(-1)?.value).toBe('Warranty');
    expect(added[0]?.options.at(-1)).toMatchObject({
      label: 'Gate locked',
      value: 'Gate locked',
      group: stages[0]?.label,
    });
    expect(dealStageConfigSchema.safeParse(added).success).toBe(true);
  });

  it('finds the statuses a removal would leave contacts on', () => {
    const on = new Map([[stages[0]?.options[0]?.value as string, 3]]);
    expect(orphanedStatuses(stages, removeStatus(stages, 0, 0), on)).toEqual([
      { status: stages[0]?.options[0]?.value, contacts: 3 },
    ]);
    expect(orphanedStatuses(stages, removeStatus(stages, 0, 1), on)).toEqual([]);
    expect(orphanedStatuses(stages, removeStage(stages, 0), on)).toHaveLength(1);
  });

  it('never loses or duplicates a status when only moving', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(20), fc.nat(20), fc.boolean(), fc.boolean()), { maxLength: 30 }),
        (steps) => {
          let list = stages;
          for (const [a, b, whole, up] of steps) {
            const by = up ? -1 : 1;
            list = whole
              ? moveStage(list, a % list.length, by)
              : moveStatus(list, a % list.length, b % (list[a % list.length]?.options.length ?? 1), by);
          }
          expect([...values(list)].sort()).toEqual([...values(stages)].sort());
        },
      ),
    );
  });

  it('places a dragged stage or status where it is dropped', () => {
    const moved = placeStage(stages, 0, 2);
    expect(moved[2]?.value).toBe(stages[0]?.value);
    expect(moved[0]?.value).toBe(stages[1]?.value);
    expect(placeStage(stages, 0, 99)).toEqual(stages);
    const first = stages[0]?.options ?? [];
    const statuses = placeStatus(stages, 0, first.length - 1, 0)[0]?.options ?? [];
    expect(statuses[0]?.value).toBe(first[first.length - 1]?.value);
    expect(statuses.map((o) => o.value).sort()).toEqual(first.map((o) => o.value).sort());
  });

  it('never loses or duplicates a status when dragging', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20), fc.boolean()), { maxLength: 30 }),
        (steps) => {
          let list = stages;
          for (const [a, b, c, whole] of steps) {
            const stage = a % list.length;
            const count = list[stage]?.options.length ?? 1;
            list = whole
              ? placeStage(list, stage, b % list.length)
              : placeStatus(list, stage, b % count, c % count);
          }
          expect([...values(list)].sort()).toEqual([...values(stages)].sort());
        },
      ),
    );
  });

  it('offers as destinations only statuses saved and kept', () => {
    const removed = stages[0]?.options[0]?.value as string;
    const edited = addStatus(removeStatus(stages, 0, 0), 0, 'Brand New');
    const targets = moveTargets(stages, edited);
    expect(targets).not.toContain(removed);
    expect(targets).not.toContain('Brand New');
    expect(targets).toContain(stages[0]?.options[1]?.value);
  });
});
