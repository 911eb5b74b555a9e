import { useLiveQuery } from 'dexie-react-hooks';
import {
  type SurveyTemplateRow,
  type SurveyView,
  surveysOfLead,
  surveyTemplate,
  surveyTemplates,
  surveyView,
} from '#src/db/queries/surveys.ts';
import { useDevice } from '../DeviceProvider.tsx';

/** The templates a survey may be filled from, by name (undefined while reading). */
export function useSurveyTemplates(withArchived = false): SurveyTemplateRow[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => surveyTemplates(db, withArchived), [db, withArchived]);
}

/** One template: null when the device does not have it, undefined while reading. */
export function useSurveyTemplate(id: string | undefined): SurveyTemplateRow | null | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => (id ? surveyTemplate(db, id) : null), [db, id]);
}

/** A lead's surveys, newest first (undefined while reading). */
export function useLeadSurveys(leadId: string): SurveyView[] | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => surveysOfLead(db, leadId), [db, leadId]);
}

/** One filled survey with its questions: null when not on the device, undefined while reading. */
export function useSurvey(id: string): SurveyView | null | undefined {
  const { db } = useDevice();
  return useLiveQuery(() => surveyView(db, id), [db, id]);
}
