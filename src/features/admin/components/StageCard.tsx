import { ActionIcon, ColorInput, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealStage } from '../../../domain/dealStages.ts';
import {
  addStatus,
  moveStage,
  moveStatus,
  removeStage,
  removeStatus,
  updateStage,
  updateStatus,
} from '../utils/stageEditing.ts';

/** One stage: its name and colour, its statuses in suggestion order, moved with buttons. */
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
  const { t } = useTranslation();
  const stage = stages[index] as DealStage;
  const [newStatus, setNewStatus] = useState('');
  return (
    <Paper withBorder p="sm" component="li">
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap" gap="xs">
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
          {stage.options.map((option, j) => (
            <Group key={option.value} component="li" gap="xs" wrap="wrap" align="flex-end">
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
              <Text size="xs">
                {t('admin.stages.contactsOn', { count: contactsOn?.get(option.value) ?? 0 })}
              </Text>
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
          ))}
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
