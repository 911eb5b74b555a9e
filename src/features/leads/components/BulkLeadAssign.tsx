import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { canReassignLeads } from '#src/domain/leadAssignment.ts';
import { showToast, toastFailed } from '#src/ui/toasts.tsx';
import { useAssignableOwners } from '../hooks/useAssignableOwners.ts';

/**
 * "Assign to…" for a selection of contacts, for those the permission table lets reassign leads:
 * choose one of the people they may assign to, and each lead's owner change is queued on the
 * device (the server judges each lead and tells the new owner).
 */
export function BulkLeadAssign({ ids, onAssigned }: { ids: readonly string[]; onAssigned(): void }) {
  const { t } = useTranslation('leads');
  const actor = useActor();
  const { assignLeads } = useCommands();
  const options = useAssignableOwners(actor);
  const [open, setOpen] = useState(false);
  const [owner, setOwner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!ids.length || !canReassignLeads(actor)) return null;

  async function assign() {
    if (!owner) return;
    setBusy(true);
    try {
      const assigned = await assignLeads(ids, owner);
      showToast({
        color: 'green',
        title: t('leadOwner.assignedMany', { count: assigned.length }),
        message: '',
      });
      setOpen(false);
      onAssigned();
    } catch (err) {
      toastFailed('leads:leadOwner.failed', err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>
        {t('leadOwner.bulkButton')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('leadOwner.bulkTitle', { count: ids.length })}
      >
        <Stack gap="sm">
          <Select
            searchable
            data-autofocus
            label={t('leadOwner.label')}
            placeholder={t('leadOwner.placeholder')}
            nothingFoundMessage={t('leadOwner.nothingFound')}
            data={options}
            value={owner}
            onChange={setOwner}
          />
          <Text size="sm" c="dimmed">
            {t('leadOwner.bulkMessage')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={busy} disabled={!owner} onClick={() => void assign()}>
              {t('leadOwner.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
