import { useTranslation } from 'react-i18next';
import type { LeadRow } from '#src/db/rows.ts';
import { useCommands } from '#src/device/hooks/useCommands.ts';
import { UserSelector } from '#src/ui/selectors/UserSelector.tsx';
import { useRecordSection } from '../hooks/useRecordSection.ts';
import { RecordSection } from './RecordSection.tsx';

/** The lead's energy consultants, chosen among the org's users. */
export function ConsultantsSection({ lead, canEdit }: { lead: LeadRow; canEdit: boolean }) {
  const { t } = useTranslation('leads');
  const { editLead } = useCommands();
  const flow = useRecordSection<string>();
  const value = Array.isArray(lead.energy_consultants) ? lead.energy_consultants : [];

  function change(next: string[]) {
    void flow.run(
      () => editLead(lead._id, { energy_consultants: next }),
      'leads:leadDetail.consultants.saved',
      'toast.contactError',
    );
  }

  return (
    <RecordSection title={t('leadDetail.sections.consultants')}>
      <UserSelector
        multiple
        label={t('leadDetail.sections.consultants')}
        value={value}
        onChange={change}
        disabled={!canEdit}
      />
    </RecordSection>
  );
}
