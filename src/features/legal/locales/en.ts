/** The legal feature's words in English, the source (its `legal` namespace; the spec's texts are kept verbatim). */
export const en = {
  privacy: {
    title: 'Privacy policy and terms',
    accept: 'I accept',
    loading: 'Loading the terms…',
    unavailable: 'The terms could not be loaded. Connect to the internet to read and accept them.',
  },
  page: {
    loading: 'Loading the document…',
    unavailable: 'This document could not be loaded. Connect to the internet to read it.',
  },
};
