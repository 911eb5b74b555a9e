import { Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { DAILY_CAP, DISTRIBUTION_KINDS, WINDOW_DAYS } from '#src/domain/distribution.ts';
import { toastedWrite } from '#src/ui/toasts.tsx';
import type { RulePlace } from '../hooks/useDistributionPage.ts';
import { useRuleDraft } from '../hooks/useRuleDraft.ts';
import type { RuleValues } from '../utils/ruleDraft.ts';
import { RulePeople } from './RulePeople.tsx';

/** A team's or region's rule (kind, daily cap, ranking window) and its people. */
export function RuleCard({ place, canOpen }: { place: RulePlace; canOpen(id: string): boolean }) {
  const { t } = useTranslation('availability');
  const { saveDistributionRule } = useCommands();
  const { draft, choose, saveRule } = useRuleDraft(place, saveDistributionRule);
  const { kind, cap, windowDays } = draft;

  const save = () =>
    toastedWrite(saveRule, 'availability:distribution.saved', 'availability:distribution.saveError');

  return (
    <Paper withBorder p="md" component="section" aria-label={place.name}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {place.name}
        </Title>
        <Group align="start" gap="sm">
          <Select
            label={t('distribution.kind')}
            data={(['none', ...DISTRIBUTION_KINDS] as const).map((value) => ({
              value,
              label: t(`distribution.kinds.${value}`),
            }))}
            value={kind}
            allowDeselect={false}
            onChange={(v) => v && choose({ kind: v as RuleValues['kind'] })}
            comboboxProps={{ withinPortal: false }}
          />
          {kind !== 'none' && (
            <NumberInput
              label={t('distribution.cap')}
              description={t('distribution.capHint')}
              min={DAILY_CAP.min}
              max={DAILY_CAP.max}
              allowDecimal={false}
              value={cap}
              onChange={(v) => choose({ cap: typeof v === 'number' ? v : '' })}
            />
          )}
          {kind === 'ranking' && (
            <NumberInput
              label={t('distribution.window')}
              min={WINDOW_DAYS.min}
              max={WINDOW_DAYS.max}
              allowDecimal={false}
              value={windowDays}
              onChange={(v) => choose({ windowDays: typeof v === 'number' ? v : WINDOW_DAYS.default })}
            />
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t(`distribution.kindHelp.${kind}`)}
        </Text>
        <Group>
          <Button
            onClick={() => void save()}
            disabled={kind === 'none' && !place.rule}
            aria-label={t('distribution.saveFor', { name: place.name })}
          >
            {t('distribution.save')}
          </Button>
        </Group>
        <Title order={4} size="h6">
          {t('distribution.people')}
        </Title>
        <RulePeople people={place.people} canOpen={canOpen} />
      </Stack>
    </Paper>
  );
}
