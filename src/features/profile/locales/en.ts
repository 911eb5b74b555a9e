/** The profile feature's words in English, the source (its `profile` namespace; the spec's texts are kept verbatim). */
export const en = {
  /** The language switch on the profile page. */
  languageChoice: { hint: "The interface's language on this device; it applies at once." },
  profile: {
    title: 'Your profile',
    firstTime: 'Welcome! Check your name and phone number to finish setting up your account.',
    saved: 'Profile saved',
  },
};
