import { Badge, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DealStage } from '#src/domain/dealStages.ts';
import { rankStatuses } from '#src/domain/statusSuggestions.ts';

const SHOWN = 6;

/** What a rep is offered first after a status, with the stages as edited (before saving). */
export function SuggestionPreview({ stages }: { stages: DealStage[] }) {
  const { t } = useTranslation('admin');
  const statuses = stages.flatMap((s) => s.options.map((o) => o.value));
  const [current, setCurrent] = useState('');
  const ranked = rankStatuses(stages, current).slice(0, SHOWN);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('admin.stages.previewTitle')}
        </Title>
        <NativeSelect
          label={t('admin.stages.previewAfter')}
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          data={[{ value: '', label: t('admin.stages.noStatus') }, ...statuses]}
        />
        <Text size="sm">{t('admin.stages.previewOffered')}</Text>
        <Group
          gap="xs"
          component="ol"
          aria-label={t('admin.stages.previewTitle')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {ranked.map((s) => (
            <Badge component="li" key={s.value} color={s.color} variant={s.suggested ? 'filled' : 'outline'}>
              {s.label}
            </Badge>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
