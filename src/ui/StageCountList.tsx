import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '../domain/format.ts';
import type { StageCount } from '../domain/pipeline.ts';
import { shownLanguage } from './intlLocale.ts';

/** Contacts by deal stage (`countByStage`), one line per stage with its colour and count. */
export function StageCountList({ counts, noStage }: { counts: readonly StageCount[]; noStage: string }) {
  return (
    <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {counts.map((s) => (
        <Group key={s.stage} component="li" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Badge color={s.color} size="xs" circle aria-hidden />
            <Text size="sm">{s.stage || noStage}</Text>
          </Group>
          <Text size="sm" fw={600}>
            {formatNumber(s.count, shownLanguage())}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
