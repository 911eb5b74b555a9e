/** The groups of the API document: each operation names one (`tag` of its route). */
export const TAGS = [
  { name: 'Service', description: 'Health of the server and this API document.' },
  { name: 'Auth', description: 'Sign-in, sessions, invites and the terms of service.' },
  { name: 'Leads', description: 'Leads (contacts) of the org.' },
  { name: 'Users', description: 'People of the org and their profiles.' },
  { name: 'Orgs', description: 'Orgs the caller may act in.' },
  { name: 'Roles', description: 'The org’s named roles and what they grant.' },
  {
    name: 'Turfs',
    description:
      'A region cut into the parts its reps work: cutting, changing and deleting turfs (managers of the region and admins); turfs reach devices through sync.',
  },
  { name: 'Dashboard', description: 'The dashboard’s cards.' },
  { name: 'Notifications', description: 'The caller’s notifications.' },
  { name: 'Interfaces', description: 'Org-wide settings stored as interface documents.' },
  { name: 'Sync', description: 'Offline-first sync: pushing changes, pulling updates, live pokes.' },
  { name: 'Field', description: 'Knocks, tracked paths and time in the field.' },
  { name: 'Calendar', description: 'A user’s calendar feed: a secret ICS address of their appointments.' },
  { name: 'Media', description: 'Files attached to leads.' },
  {
    name: 'Proposals',
    description:
      'A signed proposal’s copy for its homeowner: a secret, expiring link opened without an account, or emailed to them. Proposals and signatures are written through sync.',
  },
  {
    name: 'Email',
    description:
      'The org’s mail server (SMTP), through which homeowners’ links are emailed (admins); the password is write-only.',
  },
  { name: 'Map', description: 'The org’s street base map: a PMTiles archive served in byte ranges.' },
  {
    name: 'Integrations',
    description: 'OAuth 2 providers, each user’s connections to them, and the org’s API keys.',
  },
  { name: 'Logging', description: 'Device sessions and error reports.' },
  {
    name: 'Automations',
    description:
      'Automations’ run logs and the org’s outgoing webhooks (admins); automations are saved through sync.',
  },
  {
    name: 'Legacy data',
    description:
      'The legacy data service’s calls, over the same services, rules and reach as the v2 API. Without a session cookie or `Authorization` header, the payload’s `auth_token` (a session token; in the query for GET) signs the request in. A failure answers `{success: false, message}` with the spec’s text (`No body returned`, `Add error`, `Update error`, `Get error`), the real status, and the precise reason in `reason`.',
  },
  {
    name: 'Activity',
    description:
      'The spec’s serverless functions: activity by lead or user, activity a person records, the consolidated feed of teams, a region or a lead, image upload and the leads data logger. Editing a user and their profile photo are under Users.',
  },
  {
    name: 'Configuration',
    description: 'Each user’s own configuration (map choices, saved places) and the org’s workspaces.',
  },
] as const satisfies readonly { name: string; description: string }[];

export type TagName = (typeof TAGS)[number]['name'];
