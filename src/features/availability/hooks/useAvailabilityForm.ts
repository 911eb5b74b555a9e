import { useEffect, useState } from 'react';
import { useAvailability } from '#src/device/hooks/useAvailability.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { showToast, toastedWrite } from '#src/ui/toasts.tsx';
import {
  type AvailabilityDraft,
  changedFields,
  type DraftProblem,
  draftOf,
  draftProblems,
} from '../utils/availabilityDraft.ts';

/** The device's own time zone: a person without availability starts in it. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A person's availability as the screen edits it: the form starts from their row once read and
 * keeps what was typed while rows arrive; a save queues only the fields that changed.
 */
export function useAvailabilityForm(personId: string) {
  const { loaded, row } = useAvailability(personId);
  const { saveAvailability } = useCommands();
  const [form, setForm] = useState<{ person: string; draft: AvailabilityDraft } | undefined>();
  const zone = deviceTimeZone();

  useEffect(() => {
    if (!loaded) return;
    setForm((kept) => (kept?.person === personId ? kept : { person: personId, draft: draftOf(row, zone) }));
  }, [loaded, row, personId, zone]);

  const draft = form?.person === personId ? form.draft : undefined;
  const problems: DraftProblem[] = draft ? draftProblems(draft) : [];

  const update = (change: (draft: AvailabilityDraft) => AvailabilityDraft) =>
    setForm((kept) => (kept ? { ...kept, draft: change(kept.draft) } : kept));

  async function save(noChanges: string) {
    if (!draft || problems.length) return;
    const fields = changedFields(draft, row, zone);
    if (!Object.keys(fields).length) {
      showToast({ message: noChanges });
      return;
    }
    await toastedWrite(
      () => saveAvailability(personId, fields),
      'availability:availability.saved',
      'availability:availability.saveError',
    );
  }

  return { loaded, row, draft, problems, update, save };
}
