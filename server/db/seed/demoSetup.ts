/**
 * The demo org's set-up, as its admin made it before the work of the last weeks: when, and what —
 * a named role, an integration provider (an example that is turned off) and two automations.
 */
import { DAY_MS } from './demoTime.ts';

/** When the org's admin set things up, before any of the work below. */
export function setupTimes(now: Date) {
  const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    templates: at(400),
    role: at(60),
    roleGiven: at(59),
    provider: at(45),
    automations: at(21),
    /** The site survey's second revision (the battery question). */
    siteRevision: at(20),
  };
}

/** The demo's named role: what a field manager needs beyond a rep's level, and no more. */
export const DEMO_ROLE = {
  name: 'Field Manager',
  permissions: ['contacts.read', 'contacts.edit', 'contests.manage', 'announcements.manage'],
};

/** An OAuth provider as an admin would set one up, turned off: its addresses are examples only. */
export const DEMO_PROVIDER = {
  key: 'example-calendar',
  name: 'Example Calendar (demo)',
  client_id: 'sunward-demo',
  authorize_url: 'https://auth.example.com/oauth/authorize',
  token_url: 'https://auth.example.com/oauth/token',
  scopes: ['calendar.read'],
  enabled: false,
};

export const DEMO_AUTOMATIONS = [
  {
    name: 'Prep note for new appointments',
    description: 'When a visit is booked, leaves a checklist note on the lead.',
    enabled: true,
    trigger: { type: 'appointment_set' },
    conditions: { match: 'all', rules: [] },
    actions: [
      {
        type: 'create_note',
        subject: 'Before the visit',
        body: 'Print the bill analysis, bring the financing options and confirm the visit the evening before.',
      },
    ],
  },
  {
    name: 'Follow up the day after a visit',
    description: 'A day after a visit’s outcome is recorded, reminds the rep to call the homeowner.',
    enabled: true,
    trigger: { type: 'appointment_changed' },
    conditions: { match: 'all', rules: [] },
    actions: [
      { type: 'wait', minutes: 24 * 60 },
      {
        type: 'create_note',
        subject: 'Follow-up call',
        body: 'Call the homeowner about the visit: answer their questions and agree the next step.',
      },
    ],
  },
];
