import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useLeadProposals } from '#src/device/hooks/useLeadRecords.ts';
import { useLead } from '#src/device/hooks/useLeads.ts';
import { mayEditLeadFields } from '../utils/leadAccess.ts';
import { RecordSection } from './RecordSection.tsx';

/**
 * The lead's proposals, each opening in the lead guide, and the guide to write a new one for who
 * may edit the lead (a proposal is a lead edit).
 */
export function ProposalsSection({ leadId }: { leadId: string }) {
  const { t } = useTranslation(['leads', 'proposals']);
  const proposals = useLeadProposals(leadId);
  const actor = useActor();
  const lead = useLead(leadId);
  const mayWrite = !!lead && mayEditLeadFields(actor, lead);
  return (
    <RecordSection
      title={t('leadDetail.sections.proposals')}
      actions={
        mayWrite ? (
          <Button size="xs" component={Link} to={`/proposal?lead=${leadId}`}>
            {t('proposals:proposals.guideLink')}
          </Button>
        ) : undefined
      }
      records={proposals ?? []}
      list={{
        label: t('leadDetail.proposals.list'),
        empty: t('leadDetail.proposals.none'),
        item: (p) => (
          <Paper component="li" key={p._id} withBorder p="sm">
            <Group justify="space-between">
              <Anchor component={Link} to={`/proposal?id=${p._id}`} fw={600} underline="always">
                {p.name ?? ''}
              </Anchor>
              {p.status ? (
                <Badge variant="light">
                  {t(`proposals:proposals.statuses.${p.status}`, { defaultValue: p.status })}
                </Badge>
              ) : null}
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
