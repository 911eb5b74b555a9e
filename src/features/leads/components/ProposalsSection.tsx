import { Badge, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLeadProposals } from '../../../device/hooks/useLeadRecords.ts';
import { RecordSection } from './RecordSection.tsx';

/** The lead's proposals, as synced (read-only here). */
export function ProposalsSection({ leadId }: { leadId: string }) {
  const { t } = useTranslation();
  const proposals = useLeadProposals(leadId);
  return (
    <RecordSection
      title={t('leadDetail.sections.proposals')}
      records={proposals ?? []}
      list={{
        label: t('leadDetail.proposals.list'),
        empty: t('leadDetail.proposals.none'),
        item: (p) => (
          <Paper component="li" key={p._id} withBorder p="sm">
            <Group justify="space-between">
              <Text fw={600}>{p.name ?? ''}</Text>
              {p.status ? <Badge variant="light">{p.status}</Badge> : null}
            </Group>
            <Text size="sm" c="dimmed">
              {[
                p.financer ?? '',
                p.option ?? '',
                p.date ?? '',
                typeof p.panels === 'number' ? t('leadDetail.proposals.panels', { count: p.panels }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Paper>
        ),
      }}
    />
  );
}
