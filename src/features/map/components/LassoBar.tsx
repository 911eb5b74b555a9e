import { Button, Group, Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useLeadsById } from '#src/device/hooks/useLeads.ts';
import { BulkLeadAssign } from '#src/features/leads/index.ts';
import type { LassoState } from '../hooks/useLassoSelection.ts';
import { lassoSelection } from '../utils/lassoSelection.ts';

const NONE: readonly string[] = [];

/**
 * Under the lead map while the lasso is in use: how to draw it (and stop), then the leads it took
 * that this person may reassign, with the table's "Assign to…" for them and Clear. Leads the
 * permission table keeps from them are left out, and the bar says how many.
 */
export function LassoBar({ lasso }: { lasso: LassoState }) {
  const { t } = useTranslation('map');
  if (!lasso.allowed || (!lasso.drawing && !lasso.area)) return null;
  return (
    <Paper role="region" aria-label={t('lasso.bar')} shadow="md" px="sm" py="xs" maw={560}>
      {lasso.drawing ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{t('lasso.drawing')}</Text>
          <Button size="xs" variant="default" onClick={lasso.cancel}>
            {t('lasso.stop')}
          </Button>
        </Group>
      ) : (
        <LassoSelectionBar ids={lasso.ids} onClear={lasso.clear} />
      )}
    </Paper>
  );
}

function LassoSelectionBar({ ids, onClear }: { ids: string[] | undefined; onClear(): void }) {
  const { t } = useTranslation('map');
  const actor = useActor();
  const leads = useLeadsById(ids ?? NONE);
  // A read of the previous lasso's leads is not this one's.
  const read =
    ids && leads?.length === ids.length && leads.every((lead, i) => !lead || lead._id === ids[i])
      ? leads
      : undefined;
  const selection = useMemo(() => read && lassoSelection(actor, read), [actor, read]);
  const found = selection ? selection.assignable.length + selection.refused : 0;
  return (
    <Group gap="xs">
      <Text size="sm" fw={500} role="status">
        {!selection
          ? t('lasso.reading')
          : found
            ? t('lasso.selected', { count: selection.assignable.length })
            : t('lasso.empty')}
      </Text>
      {selection && selection.refused > 0 && (
        <Text size="xs" c="dimmed">
          {t('lasso.refused', { count: selection.refused })}
        </Text>
      )}
      {selection && <BulkLeadAssign ids={selection.assignable} onAssigned={onClear} />}
      <Button size="xs" variant="subtle" onClick={onClear}>
        {t('lasso.clear')}
      </Button>
    </Group>
  );
}
