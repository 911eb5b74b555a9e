import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { scopeOf } from '#src/domain/permissions.ts';
import { ConfirmDialog } from '#src/ui/ConfirmDialog.tsx';
import { useDeleteLeads } from '../hooks/useDeleteLeads.ts';

/**
 * "Delete selected" for a selection of contacts, for those the permission table lets delete some
 * (the server judges each lead): asks once, deletes them on the device and offers Undo.
 */
export function BulkLeadDelete({ ids, onDeleted }: { ids: readonly string[]; onDeleted(): void }) {
  const { t } = useTranslation('leads');
  const actor = useActor();
  const deleteLeads = useDeleteLeads();
  const [asking, setAsking] = useState(false);
  if (!ids.length || scopeOf(actor, 'contacts.delete') === 'none') return null;
  return (
    <>
      <Button size="xs" color="red" variant="light" onClick={() => setAsking(true)}>
        {t('leadDelete.bulkButton')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('leadDelete.bulkTitle', { count: ids.length })}
        message={t('leadDelete.bulkMessage')}
        confirmLabel={t('leadDelete.confirm')}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          if (await deleteLeads(ids)) onDeleted();
        }}
      />
    </>
  );
}
