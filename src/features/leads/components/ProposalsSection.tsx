import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLeadProposals } from '../../../device/hooks/useLeadRecords.ts';
import { text } from '../utils/text.ts';
import { Section } from './Section.tsx';

/** The lead's proposals, as synced (read-only here). */
export function ProposalsSection({ leadId }: { leadId: string }) {
  const { t } = useTranslation();
  const proposals = useLeadProposals(leadId);
  return (
    <Section title={t('leadDetail.sections.proposals')}>
      {proposals?.length ? (
        <Stack
          component="ul"
          gap="xs"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('leadDetail.proposals.list')}
        >
          {proposals.map((p) => (
            <Paper component="li" key={p._id} withBorder p="sm">
              <Group justify="space-between">
                <Text fw={600}>{text(p.name)}</Text>
                {p.status ? <Badge variant="light">{text(p.status)}</Badge> : null}
              </Group>
              <Text size="sm" c="dimmed">
                {[
                  text(p.financer),
                  text(p.option),
                  text(p.date),
                  typeof p.panels === 'number' ? t('leadDetail.proposals.panels', { count: p.panels }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('leadDetail.proposals.none')}
        </Text>
      )}
    </Section>
  );
}
