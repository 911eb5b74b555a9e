import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardEditor } from '../hooks/useCardEditor.ts';
import type { DashboardCard } from '../hooks/useDashboardPage.ts';
import type { CardDraft } from '../utils/cardDraft.ts';
import { ColumnsSection, FilterSection, MeasureSection } from './editor/DataSections.tsx';
import { ChartSection, GroupSection, TypeSection } from './editor/ShapeSections.tsx';
import { SourceSection } from './editor/SourceSection.tsx';

interface CardEditorProps {
  /** The card edited; none for a new card. */
  card?: DashboardCard;
  onClose(): void;
  /** Saves the draft; answers whether it was kept (the editor closes then). */
  onSave(draft: CardDraft): Promise<boolean>;
}

/**
 * The card editor (SPEC section 2's chart, number, table, column, filter, group and view modals in
 * one): the type, the table and an optional saved view, filters, grouping, columns, the measure and
 * the chart kind. A wrong field is named beside it and nothing typed is lost.
 */
export function CardEditor({ card, onClose, onSave }: CardEditorProps) {
  const { t } = useTranslation('dashboard');
  const editor = useCardEditor(card);
  const [saving, setSaving] = useState(false);
  const { draft, errors } = editor;
  const save = async () => {
    if (!editor.check()) return;
    setSaving(true);
    const kept = await onSave(draft);
    setSaving(false);
    if (kept) onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t(card ? 'dashboard.editor.editTitle' : 'dashboard.editor.addTitle')}
    >
      <Stack gap="md">
        <TextInput
          label={t('dashboard.editor.title')}
          value={draft.title}
          onChange={(e) => editor.setTitle(e.currentTarget.value)}
          error={errors.title && t('dashboard.editor.required')}
          required
          data-autofocus
        />
        <TypeSection editor={editor} />
        <SourceSection editor={editor} />
        <FilterSection editor={editor} />
        <GroupSection editor={editor} />
        <ColumnsSection editor={editor} />
        <MeasureSection editor={editor} />
        <ChartSection editor={editor} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('dashboard.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            {t('dashboard.editor.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
