// The legal feature's public face: what other features may use. The legal page and the privacy
// modal are lazy-loaded by src/app/App.tsx straight from their files.
export { fetchTerms, publishTerms, type TermsDocument } from './utils/terms.ts';
