import { SimpleGrid, Stack } from '@mantine/core';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { useActor } from '#src/device/hooks/useActor.ts';
import { useDealStages } from '#src/device/hooks/useDealStages.ts';
import { useLead } from '#src/device/hooks/useLeads.ts';
import { ActivityTimeline } from './components/ActivityTimeline.tsx';
import { AppointmentsSection } from './components/AppointmentsSection.tsx';
import { ConsultantsSection } from './components/ConsultantsSection.tsx';
import { LeadDeleteButton } from './components/LeadDeleteButton.tsx';
import { LeadFields } from './components/LeadFields.tsx';
import { LeadHeader } from './components/LeadHeader.tsx';
import { LeadNotOnDevice } from './components/LeadNotOnDevice.tsx';
import { LeadOwnerSelect } from './components/LeadOwnerSelect.tsx';
import { MediaSection } from './components/MediaSection.tsx';
import { MilestonesSection } from './components/MilestonesSection.tsx';
import { NotesSection } from './components/NotesSection.tsx';
import { PersonnelSection } from './components/PersonnelSection.tsx';
import { ProposalsSection } from './components/ProposalsSection.tsx';
import { SatelliteSection } from './components/SatelliteSection.tsx';
import { SolarSection } from './components/SolarSection.tsx';
import { SurveysSection } from './components/SurveysSection.tsx';
import { UtilityDataSection } from './components/UtilityDataSection.tsx';
import { mayEditLeadFields } from './utils/leadAccess.ts';

/**
 * `/contacts/:id`: everything about one lead, read from the device and changed through the outbox.
 * Its header and fields are drawn first; the sections below them (each with reads of its own) a
 * moment later, so a phone shows the lead without waiting for all of them.
 */
export function LeadDetailPage() {
  const { id = '' } = useParams();
  const actor = useActor();
  const lead = useLead(id);
  const stages = useDealStages();
  const showSections = useDeferredValue(true, false);
  if (lead === undefined) return null;
  if (lead === null || lead.deleted_at) return <LeadNotOnDevice />;
  const canEdit = mayEditLeadFields(actor, lead);
  return (
    <Stack maw={1100} gap="md">
      <LeadHeader lead={lead} stages={stages} userId={actor.user_id} />
      <LeadDeleteButton lead={lead} actor={actor} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <LeadFields lead={lead} />
          {showSections && (
            <>
              <UtilityDataSection lead={lead} canEdit={canEdit} />
              <MilestonesSection lead={lead} canEdit={canEdit} />
              <ConsultantsSection lead={lead} canEdit={canEdit} />
              <LeadOwnerSelect lead={lead} actor={actor} />
              <PersonnelSection lead={lead} />
              <SatelliteSection lead={lead} />
              <SolarSection lead={lead} />
            </>
          )}
        </Stack>
        {showSections && (
          <Stack gap="md">
            <NotesSection leadId={lead._id} actor={actor} />
            <AppointmentsSection leadId={lead._id} actor={actor} />
            <MediaSection leadId={lead._id} actor={actor} />
            <SurveysSection leadId={lead._id} actor={actor} />
            <ProposalsSection leadId={lead._id} />
            <ActivityTimeline leadId={lead._id} />
          </Stack>
        )}
      </SimpleGrid>
    </Stack>
  );
}
