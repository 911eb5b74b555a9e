/** The notifications feature's words in English, the source (its `notifications` namespace; the spec's texts are kept verbatim). */
export const en = {
  notificationBell: {
    button: 'Notifications',
    buttonUnread_one: 'Notifications, {{count}} unread',
    buttonUnread_other: 'Notifications, {{count}} unread',
    title: 'Notifications',
    list: 'Your notifications',
    empty: 'You have no notifications.',
    unread: 'Unread',
    markAllRead: 'Mark all read',
    loadMore: 'Load more',
    shown: '{{shown}} of {{count}}',
    markFailed: 'There was an error marking the notification read',
  },
  /** What the server tells people (src/domain/serverTexts.ts, `notification.*`), in the reader's language. */
  serverTexts: {
    leadAssigned: { title: 'Lead assigned to you', message: '{{actor}} assigned you {{lead}}.' },
    appointmentSet: { title: 'Appointment set for you', message: '{{type}} with {{lead}}.' },
    appointmentChanged: { title: 'Your appointment changed', message: '{{type}} with {{lead}}.' },
    addedToTeam: { title: 'Added to a team', message: 'You are now a member of {{team}}.' },
    newTeammate: { title: 'New teammate', message: '{{person}} joined {{team}}.' },
    announcement: { title: 'New announcement', message: '{{title}}' },
    contestWon: { title: 'Contest won', message: '{{person}} won {{contest}}.' },
    contestStarted: { title: 'Contest started', message: '{{contest}} has started. It runs until {{end}}.' },
    weeklyRecord: { title: 'Weekly record', message: '{{category}}: {{person}} ({{count}})' },
    /** `count`: the doors the change gave the reader, not the turf's own count. */
    turfAssigned: {
      title: 'New turf',
      message_one: 'You have a new turf: {{turf}} in {{region}}, {{count}} door given to you.',
      message_other: 'You have a new turf: {{turf}} in {{region}}, {{count}} doors given to you.',
    },
    turfGrew: {
      title: 'Your turf grew',
      message_one: 'Your turf {{turf}} in {{region}} grew: {{count}} more door given to you.',
      message_other: 'Your turf {{turf}} in {{region}} grew: {{count}} more doors given to you.',
    },
    turfHandedOver: { title: 'Turf reassigned', message: 'Your turf {{turf}} now belongs to {{rep}}.' },
    bookingReassigned: {
      title: 'Booking moved to another closer',
      message: '{{asked}} was already booked at that time, so your appointment with {{lead}} went to {{to}}.',
    },
    bookingReturned: {
      title: 'Booking needs another time',
      message:
        '{{asked}} was already booked at that time and nobody else was free, so your appointment with {{lead}} has no closer: choose another time.',
    },
    /** Enumerated values the texts name. */
    values: {
      type: { 'In-person': 'In-person', Virtual: 'Virtual', Phone: 'Phone' },
      category: {
        sales: 'Most sales this week',
        leads: 'Most leads this week',
        installs: 'Most installs this week',
      },
    },
    /** What stands for a name or value the server had none for. */
    empty: {
      actor: 'Someone',
      person: 'Someone',
      lead: 'a lead',
      team: 'a team',
      type: 'Appointment',
      title: 'An announcement was published.',
      region: 'a region',
    },
  },
};
