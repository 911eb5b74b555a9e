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
  serverTexts: {
    leadAssigned: { title: 'Prospecto asignado a ti', message: '{{actor}} te asignó {{lead}}.' },
    appointmentSet: { title: 'Cita programada para ti', message: '{{type}} con {{lead}}.' },
    appointmentChanged: { title: 'Tu cita cambió', message: '{{type}} con {{lead}}.' },
    addedToTeam: { title: 'Añadido a un equipo', message: 'Ahora eres miembro de {{team}}.' },
    newTeammate: { title: 'Nuevo compañero de equipo', message: '{{person}} se unió a {{team}}.' },
    announcement: { title: 'Nuevo anuncio', message: '{{title}}' },
    contestWon: { title: 'Concurso ganado', message: '{{person}} ganó {{contest}}.' },
    contestStarted: { title: 'Concurso iniciado', message: '{{contest}} comenzó. Dura hasta el {{end}}.' },
    weeklyRecord: { title: 'Récord semanal', message: '{{category}}: {{person}} ({{count}})' },
    turfAssigned: {
      title: 'Zona nueva',
      message_one: 'Tienes una zona nueva: {{turf}} en {{region}}, con {{count}} puerta asignada a ti.',
      message_other: 'Tienes una zona nueva: {{turf}} en {{region}}, con {{count}} puertas asignadas a ti.',
    },
    turfGrew: {
      title: 'Tu zona creció',
      message_one: 'Tu zona {{turf}} en {{region}} creció: {{count}} puerta más asignada a ti.',
      message_other: 'Tu zona {{turf}} en {{region}} creció: {{count}} puertas más asignadas a ti.',
    },
    turfHandedOver: { title: 'Zona reasignada', message: 'Tu zona {{turf}} ahora es de {{rep}}.' },
    bookingReassigned: {
      title: 'Cita pasada a otro closer',
      message: '{{asked}} ya tenía una cita a esa hora, así que tu cita con {{lead}} pasó a {{to}}.',
    },
    bookingReturned: {
      title: 'La cita necesita otra hora',
      message:
        '{{asked}} ya tenía una cita a esa hora y nadie más estaba libre, así que tu cita con {{lead}} no tiene closer: elige otra hora.',
    },
    values: {
      type: { 'In-person': 'En persona', Virtual: 'Virtual', Phone: 'Por teléfono' },
      category: {
        sales: 'Más ventas esta semana',
        leads: 'Más prospectos esta semana',
        installs: 'Más instalaciones esta semana',
      },
    },
    empty: {
      actor: 'Alguien',
      person: 'Alguien',
      lead: 'un prospecto',
      team: 'un equipo',
      type: 'Cita',
      title: 'Se publicó un anuncio.',
      region: 'una región',
    },
  },
};
