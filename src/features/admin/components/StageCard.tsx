import { ActionIcon, ColorInput, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealStage } from '#src/domain/dealStages.ts';
import { addStatus, moveStage, placeStatus, removeStage, updateStage } from '../utils/stageEditing.ts';
import { SortableList, useSortableItem } from './SortableList.tsx';
import { StatusRow } from './StatusRow.tsx';

/** One stage: its name and colour, its statuses in suggestion order, moved by drag or with buttons. */
export function StageCard({
  stages,
  index,
  contactsOn,
  edit,
}: {
  stages: DealStage[];
  index: number;
  contactsOn: ReadonlyMap<string, number> | undefined;
  edit: (change: (s: DealStage[]) => DealStage[]) => void;
}) {
  const { t } = useTranslation('admin');
  const stage = stages[index] as DealStage;
  const [newStatus, setNewStatus] = useState('');
  const sortable = useSortableItem(stage.value, stage.label);
  return (
    <Paper withBorder p="sm" component="li" ref={sortable.ref} style={sortable.style}>
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap" gap="xs">
          {sortable.handle}
          <TextInput
            label={t('admin.stages.stageName')}
            value={stage.label}
            onChange={(e) => {
              const label = e.currentTarget.value;
              edit((s) => updateStage(s, index, { label }));
            }}
          />
          <ColorInput
            label={t('admin.stages.colourOf', { name: stage.label })}
            value={stage.color}
            format="hex"
            withEyeDropper={false}
            onChange={(color) => edit((s) => updateStage(s, index, { color }))}
          />
          <ActionIcon.Group>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('admin.stages.moveUp', { name: stage.label })}
              disabled={index === 0}
              onClick={() => edit((s) => moveStage(s, index, -1))}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('admin.stages.moveDown', { name: stage.label })}
              disabled={index === stages.length - 1}
              onClick={() => edit((s) => moveStage(s, index, 1))}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('admin.stages.removeStage', { name: stage.label })}
              disabled={stages.length === 1}
              onClick={() => edit((s) => removeStage(s, index))}
            >
              ✕
            </ActionIcon>
          </ActionIcon.Group>
        </Group>
        <Stack
          gap={4}
          component="ol"
          aria-label={t('admin.stages.statusesOf', { name: stage.label })}
          style={{ paddingLeft: 16, margin: 0 }}
        >
          <SortableList
            ids={stage.options.map((o) => o.value)}
            labels={new Map(stage.options.map((o) => [o.value, o.label]))}
            onMove={(from, to) => edit((s) => placeStatus(s, index, from, to))}
          >
            {stage.options.map((option, j) => (
              <StatusRow
                key={option.value}
                stages={stages}
                stage={index}
                status={j}
                contacts={contactsOn?.get(option.value) ?? 0}
                edit={edit}
              />
            ))}
          </SortableList>
        </Stack>
        <form
          aria-label={t('admin.stages.addStatusTo', { name: stage.label })}
          onSubmit={(e) => {
            e.preventDefault();
            if (!newStatus.trim()) return;
            edit((s) => addStatus(s, index, newStatus));
            setNewStatus('');
          }}
        >
          <Group gap="xs" align="flex-end">
            <TextInput
              size="xs"
              label={t('admin.stages.newStatus')}
              value={newStatus}
              onChange={(e) => setNewStatus(e.currentTarget.value)}
            />
            <ActionIcon
              type="submit"
              variant="default"
              aria-label={t('admin.stages.addStatusTo', { name: stage.label })}
            >
              +
            </ActionIcon>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}
