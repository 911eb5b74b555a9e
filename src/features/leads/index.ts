// The leads feature's public face: what other features may use. Its screens (lead form, detail,
// profile, import) are lazy-loaded by the route table (src/app/routes/routeTable.ts) straight from their files so each stays its
// own chunk; the lead rules' field errors are shared with the map's pin maker.

// An appointment's fields and its typed start and end, as the lead page's form and the appointments calendar read them.
export { AppointmentFields } from './components/AppointmentFields.tsx';
// "Assign to…" for the contacts table's selection: a new owner for each lead.
export { BulkLeadAssign } from './components/BulkLeadAssign.tsx';
// "Delete selected" for the contacts table's selection, with its Undo.
export { BulkLeadDelete } from './components/BulkLeadDelete.tsx';
// The deal asked for when a lead's status becomes Contract Signed (the lead page's header, the map's panel).
export { ContractSignedModal } from './components/ContractSignedModal.tsx';
export { useLeadFieldErrors } from './hooks/useLeadFieldErrors.ts';
export { appointmentTimes, chosenTimes, localParts, slotFields } from './utils/appointmentTimes.ts';
// A lead row's facts the permission rules read (the map's lasso judges which leads may be reassigned).
export { contactFactsOf } from './utils/leadAccess.ts';
export { makeThumbnail } from './utils/makeThumbnail.ts';
