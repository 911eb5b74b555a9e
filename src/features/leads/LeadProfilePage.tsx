import { Button, Group, Image, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useLead } from '#src/device/hooks/useLeads.ts';
import { CustomerSelector } from '#src/ui/selectors/CustomerSelector.tsx';
import { AppointmentsSection } from './components/AppointmentsSection.tsx';
import { FieldList } from './components/FieldList.tsx';
import { ProposalsSection } from './components/ProposalsSection.tsx';
import { Section } from './components/Section.tsx';
import { utilityForm } from './utils/utilityForm.ts';

/**
 * `/contacts/profile?id=…`: one customer as a rep shows them at the door — the house, what they
 * pay for power, where the project stands, when we meet and what we proposed.
 */
export function LeadProfilePage() {
  const { t } = useTranslation('leads');
  const actor = useActor();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const lead = useLead(id);
  const utilities = utilityForm(lead?.ecl_data);
  const milestones = Array.isArray(lead?.milestones) ? lead.milestones : [];
  const image = lead?.image ?? '';

  return (
    <Stack maw={900} gap="md">
      <Title order={1} size="h2">
        {t('leadDetail.profile.title')}
      </Title>
      <CustomerSelector
        value={id || null}
        onChange={(next) => setParams(next ? { id: next } : {}, { replace: true })}
      />
      {!lead ? (
        <Text c="dimmed">{t('leadDetail.profile.choose')}</Text>
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={3}>{lead.name || t('lead.unnamed')}</Title>
              <Text c="dimmed">{lead.address}</Text>
            </Stack>
            <Button component={Link} to={`/contacts/${lead._id}`} variant="light">
              {t('leadDetail.profile.openLead')}
            </Button>
          </Group>
          {image && <Image src={image} alt={t('leadDetail.profile.streetView')} maw={400} radius="md" />}
          <Section title={t('leadDetail.sections.utilities')}>
            {Object.values(utilities).some(Boolean) ? (
              <FieldList
                items={[
                  { label: t('leadDetail.utilities.provider'), value: utilities.provider },
                  { label: t('leadDetail.utilities.bill'), value: utilities.bill },
                  { label: t('leadDetail.utilities.totalUsage'), value: utilities.total_usage },
                  { label: t('leadDetail.utilities.avgUsage'), value: utilities.avg_usage },
                ]}
              />
            ) : (
              <Text size="sm" c="dimmed">
                {t('leadDetail.utilities.none')}
              </Text>
            )}
          </Section>
          <Section title={t('leadDetail.sections.milestones')}>
            {milestones.length ? (
              <Table>
                <Table.Tbody>
                  {milestones.map((m) => (
                    <Table.Tr key={`${m.key}:${m.value}`}>
                      <Table.Th scope="row">{m.key}</Table.Th>
                      <Table.Td>{m.value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Text size="sm" c="dimmed">
                {t('leadDetail.milestones.none')}
              </Text>
            )}
          </Section>
          <AppointmentsSection leadId={lead._id} actor={actor} />
          <ProposalsSection leadId={lead._id} />
        </>
      )}
    </Stack>
  );
}
