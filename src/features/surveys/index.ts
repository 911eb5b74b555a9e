// The surveys feature's public face: the lead page's surveys section. Its screens (template
// builder, fill page, survey page) are lazy-loaded by src/app/screens.ts straight from their files.
export { LeadSurveysSection } from './components/LeadSurveysSection.tsx';
