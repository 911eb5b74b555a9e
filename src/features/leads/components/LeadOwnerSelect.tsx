import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { canReassignLead } from '#src/domain/leadAssignment.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { toastedWrite } from '#src/ui/toasts.tsx';
import { useAssignableOwners } from '../hooks/useAssignableOwners.ts';

/** The lead's facts the reassign rule reads; the device holds only its own org's leads. */
function factsOf(actor: Actor, lead: LeadRow) {
  return {
    org_id: actor.org_id,
    owner_id: typeof lead.owner_id === 'string' ? lead.owner_id : null,
    energy_consultants: Array.isArray(lead.energy_consultants) ? (lead.energy_consultants as string[]) : [],
    team_id: typeof lead.team_id === 'string' ? lead.team_id : null,
    region_id: typeof lead.region_id === 'string' ? lead.region_id : null,
  };
}

/**
 * The lead's owner, changeable by those the permission table lets reassign it (managers within
 * their teams, admins): the change is queued on the device and the new owner is told once it syncs.
 */
export function LeadOwnerSelect({ lead, actor }: { lead: LeadRow; actor: Actor }) {
  const { t } = useTranslation('leads');
  const { editLead } = useCommands();
  const options = useAssignableOwners(actor);
  if (!canReassignLead(actor, factsOf(actor, lead))) return null;
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
