import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before a record is deleted for everyone: shown while `row` is set. */
export function ConfirmDelete<Row>({
  row,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  row: Row | undefined;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(row: Row): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={!!row} onClose={onClose} title={title} centered>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            if (row) onConfirm(row);
            onClose();
          }}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
