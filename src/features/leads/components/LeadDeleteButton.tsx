import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LeadRow } from '#src/db/rows.ts';
import { offersLeadDelete } from '#src/domain/leadDeletion.ts';
import type { Actor } from '#src/domain/permissions.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import { useDeleteLeads } from '../hooks/useDeleteLeads.ts';
import { contactFactsOf } from '../utils/leadAccess.ts';

/**
 * Delete on the lead page, for those the permission table lets delete contacts: asks once, deletes
 * on the device, goes back to the contacts and offers Undo in the toast.
 */
export function LeadDeleteButton({ lead, actor }: { lead: LeadRow; actor: Actor }) {
  const { t } = useTranslation('leads');
  const navigate = useNavigate();
  const deleteLeads = useDeleteLeads();
  const [asking, setAsking] = useState(false);
  if (!offersLeadDelete(actor, contactFactsOf(actor, lead))) return null;
  const name = String(lead.name || t('lead.unnamed'));
  return (
    <Group justify="flex-end">
      <Button size="xs" color="red" variant="light" onClick={() => setAsking(true)}>
        {t('leadDelete.button')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('leadDelete.title')}
        message={t('leadDelete.message', { name })}
        confirmLabel={t('leadDelete.confirm')}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          if (await deleteLeads([lead._id])) navigate('/contacts');
        }}
      />
    </Group>
  );
}
