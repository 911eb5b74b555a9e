import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { canReassignLead } from '#src/domain/leadAssignment.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { toastedWrite } from '#src/ui/toasts.tsx';
import { useAssignableOwners } from '../hooks/useAssignableOwners.ts';
import { contactFactsOf } from '../utils/leadAccess.ts';

/**
 * The lead's owner, changeable by those the permission table lets reassign it (managers within
 * their teams, admins): the change is queued on the device and the new owner is told once it syncs.
 */
export function LeadOwnerSelect({ lead, actor }: { lead: LeadRow; actor: Actor }) {
  const { t } = useTranslation('leads');
  const { editLead } = useCommands();
  const options = useAssignableOwners(actor);
  if (!canReassignLead(actor, contactFactsOf(actor, lead))) return null;
  const current = typeof lead.owner_id === 'string' ? lead.owner_id : null;
  return (
    <Select
      maw={360}
      searchable
      label={t('leadOwner.label')}
      placeholder={t('leadOwner.placeholder')}
      nothingFoundMessage={t('leadOwner.nothingFound')}
      data={options}
      value={options.some((option) => option.value === current) ? current : null}
      allowDeselect={false}
      onChange={(owner) => {
        if (!owner || owner === current) return;
        void toastedWrite(
          () => editLead(lead._id, { owner_id: owner }),
          'leads:leadOwner.changed',
          'leads:leadOwner.failed',
        );
      }}
    />
  );
}
