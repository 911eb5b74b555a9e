import type { TFunction } from 'i18next';
import type { TurfCutIssue } from '#src/domain/turfCutting.ts';

/** What a cut's issue (src/domain/turfCutting.ts) says to the manager, naming the rep or counting the doors concerned. */
export function issueWords(
  t: TFunction<'regions'>,
  issue: TurfCutIssue,
  names: ReadonlyMap<string, string>,
): string {
  switch (issue.kind) {
    case 'noReps':
    case 'invalidRegion':
    case 'fewerPlacesThanReps':
    case 'unbalanced':
      return t(`turfs.issues.${issue.kind}`);
    case 'invalidDoors':
    case 'doorsOutsideRegion':
    case 'lockedToAbsentRep':
    case 'conflictingLocks':
    case 'heavyDoors':
      return t(`turfs.issues.${issue.kind}`, { count: issue.doorIds.length });
    case 'lockedWeightTooHigh':
    case 'locksApart':
    case 'outlineMissesDoors':
      return t(`turfs.issues.${issue.kind}`, { name: names.get(issue.repId) ?? issue.repId });
  }
}
