/** The pay feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  pay: {
    title: 'Mi pago',
    person: 'Persona',
    month: 'Mes',
    plan: 'Plan de pago: {{name}}',
    monthTotal: 'Total de este mes',
    projectedTotal: 'Proyectado en tratos abiertos y pagados',
    exportCsv: 'Exportar CSV',
    fileName: 'pago-{{month}}',
    noDeals: 'Aún no hay tratos firmados.',
    noChanges: 'Sin cambios este mes.',
    deals: 'Tratos',
    changes: 'Qué cambió y por qué',
    columns: {
      person: 'Persona',
      deal: 'Trato',
      status: 'Estado',
      milestone: 'Hito',
      projected: 'Proyectado',
      released: 'Liberado',
      pending: 'Pendiente',
      month: 'Este mes',
      total: 'Suma total',
    },
    states: {
      released: 'liberado',
      pending: 'siguiente',
      clawed_back: 'recuperado',
      forfeited: 'perdido',
    },
    change: {
      released: '{{status}} → liberado {{amount}}',
      no_change: '{{status}} → sin cambios',
      clawed_back: 'Cancelación dentro de {{days}} días → recuperado {{amount}}',
      forfeited: 'Cancelación después de {{days}} días → pago pendiente perdido',
    },
  },
};
