import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before a record is deleted (it leaves every device at the next sync). */
export function ConfirmDeleteRecord({
  opened,
  title,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('records.deleteTitle', { title })}>
      <Stack gap="sm">
        <Text size="sm">{t('records.deleteExplained')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm}>
            {t('records.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
