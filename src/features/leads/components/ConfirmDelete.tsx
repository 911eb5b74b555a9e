import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Asks before something is deleted for good. */
export function ConfirmDelete({
  opened,
  title,
  question,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  question: string;
  onConfirm(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Text mb="md">{question}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {t('leadDetail.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
