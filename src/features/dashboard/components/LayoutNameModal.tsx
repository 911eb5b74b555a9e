import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface LayoutNameModalProps {
  title: string;
  initial?: string;
  onClose(): void;
  /** Saves the name; answers whether it was kept (the modal closes then). */
  onSave(name: string): Promise<unknown>;
}

/** The layout modal: a layout's name, for a new layout or a rename. */
export function LayoutNameModal({ title, initial = '', onClose, onSave }: LayoutNameModalProps) {
  const { t } = useTranslation('dashboard');
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!name.trim()) {
      setError(t('dashboard.editor.required'));
      return;
    }
    setSaving(true);
    const kept = await onSave(name.trim());
    setSaving(false);
    if (kept !== false) onClose();
  };
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput
            label={t('dashboard.layout.name')}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={200}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('dashboard.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('dashboard.layout.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
