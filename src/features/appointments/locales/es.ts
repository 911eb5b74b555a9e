/** The appointments feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  appointments: {
    title: 'Citas',
    view: 'Vista del calendario',
    views: { day: 'Día', week: 'Semana', month: 'Mes' },
    previous: 'Anterior',
    today: 'Hoy',
    next: 'Siguiente',
    new: 'Nueva cita',
    rep: 'Representante',
    team: 'Equipo',
    type: 'Tipo',
    allTypes: 'Todos los tipos',
    lead: 'Prospecto',
    leadRequired: 'Elija el prospecto de esta cita.',
    openLead: 'Abrir prospecto',
    unknownLead: 'Prospecto no guardado en este dispositivo',
    doubleBooked: 'Reserva doble',
    doubleBookings: '{{count}} citas con reserva doble en la vista',
    none: 'No hay citas en este periodo.',
    reading: 'Leyendo las citas…',
    slot: 'Nueva cita el {{when}}',
    more: '+{{count}} más',
    moved: 'Cita movida',
    moveError: 'Hubo un error al mover la cita.',
    dragHint: 'Arrastre una cita a otro día u hora para reprogramarla, o ábrala y cambie su fecha y hora.',
    calendar: 'Citas del {{from}} al {{to}}',
    feed: {
      title: 'Calendario suscrito',
      explain:
        'Suscríbase a sus propias citas en Google Calendar, Outlook o Apple Calendar con una dirección secreta. Cualquiera que tenga la dirección puede leer sus citas, así que manténgala en privado; crear una dirección nueva o desactivar el calendario hace que la anterior deje de funcionar.',
      create: 'Crear dirección del calendario',
      regenerate: 'Crear una dirección nueva',
      revoke: 'Desactivar calendario',
      copy: 'Copiar dirección',
      copied: 'Dirección copiada',
      address: 'La dirección de su calendario',
      shownOnce: 'Cópiela ahora: solo se muestra una vez.',
      activeSince: 'Su calendario está activo desde el {{when}}.',
      off: 'Su calendario está desactivado.',
      offline: 'Conéctese a internet para cambiar su calendario suscrito.',
      error: 'Hubo un error con el calendario suscrito.',
    },
  },
};
