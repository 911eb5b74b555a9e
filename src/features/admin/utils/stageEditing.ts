/**
 * Editing a deal-stage configuration (SPEC section 4) as pure steps on a copy of it: each answers a
 * new list and leaves the one given alone. A status's `value` is what contacts store, so renaming
 * changes its label only; a new stage or status takes its label as its value.
 */
import type { DealStage, DealStatusOption } from '#src/domain/dealStages.ts';

const NEW_COLOR = '#1c7ed6';

function move<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  return place(list, from, from + by);
}

/** `list` with the item at `from` moved to `to` (a drag's drop); out-of-range moves change nothing. */
function place<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item as T);
  return out;
}

export function placeStage(stages: readonly DealStage[], from: number, to: number): DealStage[] {
  return place(stages, from, to);
}

export function placeStatus(
  stages: readonly DealStage[],
  stage: number,
  from: number,
  to: number,
): DealStage[] {
  return stages.map((s, i) => (i === stage ? { ...s, options: place(s.options, from, to) } : s));
}

export function moveStage(stages: readonly DealStage[], index: number, by: -1 | 1): DealStage[] {
  return move(stages, index, by);
}

export function moveStatus(
  stages: readonly DealStage[],
  stage: number,
  index: number,
  by: -1 | 1,
): DealStage[] {
  return stages.map((s, i) => (i === stage ? { ...s, options: move(s.options, index, by) } : s));
}

export function updateStage(
  stages: readonly DealStage[],
  stage: number,
  patch: Partial<Pick<DealStage, 'label' | 'color'>>,
): DealStage[] {
  return stages.map((s, i) => (i === stage ? { ...s, ...patch } : s));
}

export function updateStatus(
  stages: readonly DealStage[],
  stage: number,
  index: number,
  patch: Partial<Pick<DealStatusOption, 'label' | 'color' | 'is_editable'>>,
): DealStage[] {
  return stages.map((s, i) =>
    i === stage ? { ...s, options: s.options.map((o, j) => (j === index ? { ...o, ...patch } : o)) } : s,
  );
}

export function addStage(stages: readonly DealStage[], label: string): DealStage[] {
  const name = label.trim();
  return [
    ...stages,
    {
      label: name,
      value: name,
      is_stage: true,
      color: NEW_COLOR,
      options: [newStatus(name, name)],
    },
  ];
}

function newStatus(label: string, group: string): DealStatusOption {
  return { label, value: label, color: NEW_COLOR, is_editable: true, target_key: 'deal_stage_status', group };
}

export function addStatus(stages: readonly DealStage[], stage: number, label: string): DealStage[] {
  const name = label.trim();
  return stages.map((s, i) =>
    i === stage ? { ...s, options: [...s.options, newStatus(name, s.label)] } : s,
  );
}

export function removeStatus(stages: readonly DealStage[], stage: number, index: number): DealStage[] {
  return stages.map((s, i) => (i === stage ? { ...s, options: s.options.filter((_, j) => j !== index) } : s));
}

export function removeStage(stages: readonly DealStage[], stage: number): DealStage[] {
  return stages.filter((_, i) => i !== stage);
}

/**
 * The statuses a change would leave contacts on with nowhere to be: statuses of `before` that
 * `after` no longer has, with how many contacts on the device are on each.
 */
export function orphanedStatuses(
  before: readonly DealStage[],
  after: readonly DealStage[],
  contactsOn: ReadonlyMap<string, number>,
): { status: string; contacts: number }[] {
  const kept = new Set(after.flatMap((s) => s.options.map((o) => o.value)));
  return before
    .flatMap((s) => s.options.map((o) => o.value))
    .filter((v) => !kept.has(v) && (contactsOn.get(v) ?? 0) > 0)
    .map((status) => ({ status, contacts: contactsOn.get(status) ?? 0 }));
}

/**
 * Where the contacts of a status about to be removed may go: statuses both the saved configuration
 * and the edited one have (a device checks a contact's new status against the saved one).
 */
export function moveTargets(before: readonly DealStage[], after: readonly DealStage[]): string[] {
  const saved = new Set(before.flatMap((s) => s.options.map((o) => o.value)));
  return after.flatMap((s) => s.options.map((o) => o.value)).filter((v) => saved.has(v));
}
