/** The teams feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  myTeam: {
    title: 'Mi equipo',
    none: 'Todavía no está en ningún equipo. Su gerente o un administrador lo añade a uno.',
  },
  teamManager: {
    title: 'Gestor de equipos',
    explained:
      'Arrastre a una persona a otro equipo, o use las listas bajo su nombre. Los cambios se sincronizan como cualquier otro.',
    noAccess: 'Solo los administradores y los líderes de equipo pueden cambiar los equipos.',
    noTeam: 'Sin equipo',
    people_one: '{{count}} persona',
    people_other: '{{count}} personas',
    membersOf: 'Personas de {{name}}',
    roleOf: 'Rol en el equipo de {{name}}',
    moveOf: 'Equipo de {{name}}',
    saved: 'Equipo editado',
    error: 'Hubo un error al editar el equipo. Inténtelo de nuevo.',
  },
};
