/** The leaderboard feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  leaderboard: {
    title: 'Clasificación',
    period: 'Periodo',
    periods: { today: 'Hoy', week: 'Esta semana (lun–dom)', month: 'Este mes', custom: 'Personalizado' },
    from: 'Desde',
    to: 'Hasta',
    customInvalid: 'Elige un primer y un último día, el primero no posterior al último.',
    metric: 'Métrica',
    metrics: {
      knocks: 'Toques de puerta',
      leads_added: 'Prospectos añadidos',
      appointments_set: 'Citas concertadas',
      closed_won: 'Ventas',
      installs: 'Instalaciones',
      revenue: 'Ingresos',
      sold_kw: 'kW vendidos',
    },
    verifiedOnly: 'Solo toques verificados',
    verifiedKnocks: 'Toques verificados',
    scope: 'Alcance',
    scopes: { team: 'Mi equipo', region: 'Mi región', org: 'Toda la organización' },
    board: 'Tablero',
    boards: {
      all: 'Todos',
      setter: 'Setters (concertadores)',
      closer: 'Closers (cerradores)',
      setter_closer: 'Setters / closers',
    },
    caption: '{{metric}} ({{period}})',
    rank: 'Puesto',
    person: 'Persona',
    team: 'Equipo',
    you: 'Tú',
    unnamed: 'Sin nombre',
    loading: 'Contando',
    empty: 'Nadie en este tablero tiene nada contado en este periodo.',
    quality: {
      title: 'Calidad de los toques',
      intro:
        'Un toque está verificado cuando se hizo a menos de 25 m del pin del prospecto con una ubicación precisa. El tiempo en campo viene del seguimiento de recorridos.',
      caption: 'Calidad de los toques ({{period}})',
      knocks: 'Toques',
      verified: 'Verificados',
      averageDistance: 'Distancia media por toque',
      timeInField: 'Tiempo en campo',
      unavailable: 'No disponible',
      loading: 'Leyendo toques',
      empty: 'Nadie de este tablero tiene toques en este periodo.',
    },
  },
};
