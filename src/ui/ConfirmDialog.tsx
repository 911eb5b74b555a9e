import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The app's one confirmation: a dialog named by its title that says what will happen, with Cancel
 * (focused first, so a stray Enter never deletes) and a red button that does it. Confirming runs
 * `onConfirm` and closes once it has finished; the button spins meanwhile (and while `busy`).
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The cancel button's words when the screen has its own; "Cancel" otherwise. */
  cancelLabel?: string;
  /** The screen is already doing what was confirmed. */
  busy?: boolean;
  /** What confirming does; when it answers a promise, the dialog closes once that settles. */
  onConfirm(): unknown;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [running, setRunning] = useState(false);

  function confirm() {
    const done = onConfirm();
    if (!(done instanceof Promise)) return onClose();
    setRunning(true);
    void done.finally(() => {
      setRunning(false);
      onClose();
    });
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color="red" loading={busy || running} onClick={confirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
