/** The notifications feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  notificationBell: {
    button: 'Notificaciones',
    buttonUnread_one: 'Notificaciones, {{count}} sin leer',
    buttonUnread_other: 'Notificaciones, {{count}} sin leer',
    title: 'Notificaciones',
    list: 'Tus notificaciones',
    empty: 'No tienes notificaciones.',
    unread: 'Sin leer',
    markAllRead: 'Marcar todas como leídas',
    loadMore: 'Cargar más',
    shown: '{{shown}} de {{count}}',
    markFailed: 'Hubo un error al marcar la notificación como leída',
  },
};
