// The surveys feature's public face: the lead page's surveys section. Its screens (template
// builder, fill page, survey page) are lazy-loaded by the app's route table straight from their files.
export { LeadSurveysSection } from './components/LeadSurveysSection.tsx';
