import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before a region is deleted: its contacts and teams are left without it. */
export function ConfirmDeleteRegion({
  opened,
  name,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  name: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('regions.deleteTitle', { name })}>
      <Stack gap="sm">
        <Text size="sm">{t('regions.deleteExplained')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {t('regions.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
