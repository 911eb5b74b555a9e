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
};
