import { ActionIcon, ColorInput, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DealStage } from '#src/domain/dealStages.ts';
import { moveStatus, removeStatus, updateStatus } from '../utils/stageEditing.ts';
import { useSortableItem } from './SortableList.tsx';

/** One status of a stage: its name and colour, how many contacts are on it, moved by drag or buttons. */
export function StatusRow({
  stages,
  stage: index,
  status: j,
  contacts,
  edit,
}: {
  stages: DealStage[];
  stage: number;
  status: number;
  contacts: number;
  edit: (change: (s: DealStage[]) => DealStage[]) => void;
}) {
  const { t } = useTranslation('admin');
  const stage = stages[index] as DealStage;
  const option = stage.options[j] as DealStage['options'][number];
  const sortable = useSortableItem(option.value, option.label);
  return (
    <Group ref={sortable.ref} style={sortable.style} component="li" gap="xs" wrap="wrap" align="flex-end">
      {sortable.handle}
      <TextInput
        size="xs"
        label={t('admin.stages.statusName')}
        value={option.label}
        onChange={(e) => {
          const label = e.currentTarget.value;
          edit((s) => updateStatus(s, index, j, { label }));
        }}
      />
      <ColorInput
        size="xs"
        label={t('admin.stages.colourOf', { name: option.label })}
        value={option.color}
        format="hex"
        withEyeDropper={false}
        onChange={(color) => edit((s) => updateStatus(s, index, j, { color }))}
      />
      <Text size="xs">{t('admin.stages.contactsOn', { count: contacts })}</Text>
      <ActionIcon.Group>
        <ActionIcon
          variant="default"
          aria-label={t('admin.stages.moveUp', { name: option.label })}
          disabled={j === 0}
          onClick={() => edit((s) => moveStatus(s, index, j, -1))}
        >
          ↑
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('admin.stages.moveDown', { name: option.label })}
          disabled={j === stage.options.length - 1}
          onClick={() => edit((s) => moveStatus(s, index, j, 1))}
        >
          ↓
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('admin.stages.removeStatus', { name: option.label })}
          onClick={() => edit((s) => removeStatus(s, index, j))}
        >
          ✕
        </ActionIcon>
      </ActionIcon.Group>
    </Group>
  );
}
