import { useTranslation } from 'react-i18next';
import type { EntityRow } from '../../../db/rows.ts';
import { useCommands } from '../../../device/hooks/useCommands.ts';
import { UserSelector } from '../../../ui/selectors/UserSelector.tsx';
import { useFeedback } from '../hooks/useFeedback.ts';
import { Section } from './Section.tsx';

/** The lead's energy consultants, chosen among the org's users. */
export function ConsultantsSection({ lead, canEdit }: { lead: EntityRow; canEdit: boolean }) {
  const { t } = useTranslation();
  const { editLead } = useCommands();
  const feedback = useFeedback();
  const value = Array.isArray(lead.energy_consultants) ? (lead.energy_consultants as string[]) : [];

  async function change(next: string[]) {
    try {
      await editLead(lead._id, { energy_consultants: next });
      feedback.done('leadDetail.consultants.saved');
    } catch (err) {
      feedback.failed('toast.contactError', err);
    }
  }

  return (
    <Section title={t('leadDetail.sections.consultants')}>
      <UserSelector
        multiple
        label={t('leadDetail.sections.consultants')}
        value={value}
        onChange={(next) => void change(next)}
        disabled={!canEdit}
      />
    </Section>
  );
}
