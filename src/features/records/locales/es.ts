/** The records feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  records: {
    noun: {
      teams: 'Equipo',
      products: 'Producto',
      sales_channels: 'Canal de venta',
      orgs: 'Organización',
      regions: 'Región',
    },
    nounInText: {
      teams: 'el equipo',
      products: 'el producto',
      sales_channels: 'el canal de venta',
      orgs: 'la organización',
      regions: 'la región',
    },
    none: 'Ninguno',
    team: {
      members: 'Miembros',
      noMembers: 'Este equipo aún no tiene miembros.',
      roles: { Leader: 'Líder', Manager: 'Gerente', Member: 'Miembro' },
      pipeline_one: 'Proceso: {{count}} contacto',
      pipeline_other: 'Proceso: {{count}} contactos',
    },
    add: 'Añadir',
    cannotAdd: 'Aquí no se puede añadir: {{noun}}.',
    new: 'Nuevo: {{noun}}',
    formOf: 'Datos de {{noun}}',
    added: '{{noun}} añadido',
    edited: '{{noun}} editado',
    deleted: '{{noun}} eliminado',
    addError: 'Hubo un error al añadir {{noun}}. Inténtelo de nuevo.',
    editError: 'Hubo un error al editar {{noun}}. Inténtelo de nuevo.',
    deleteError: 'Hubo un error al eliminar {{noun}}. Inténtelo de nuevo.',
    delete: 'Eliminar {{noun}}',
    deleteTitle: '¿Eliminar {{title}}?',
    deleteExplained:
      'Sale de todas las listas, en este dispositivo ahora y en los demás en su próxima sincronización.',
    confirmDelete: 'Eliminar',
    loading: 'Leyendo el registro…',
    backTo: 'Volver a {{list}}',
  },
};
