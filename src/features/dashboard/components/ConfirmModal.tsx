import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  title: string;
  message: string;
  confirm: string;
  onClose(): void;
  onConfirm(): void;
}

/** Asks before something is deleted. */
export function ConfirmModal({ title, message, confirm, onClose, onConfirm }: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('dashboard.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
