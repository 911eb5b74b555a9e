// The availability feature's public face: the free times a lead's distribution rule offers, for the
// appointment forms of the leads and appointments features. Its screens are lazy-loaded by the
// route table straight from their files.
export { BookingSlots } from './components/BookingSlots.tsx';
