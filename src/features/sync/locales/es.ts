/** The sync feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  update: {
    available: 'Hay una nueva versión disponible.',
    reload: 'Actualizar ahora',
    waitingForSync: 'Se instalará cuando tus cambios estén sincronizados.',
  },
  sync: {
    label: 'Estado de sincronización',
    state: {
      idle: 'En línea',
      syncing: 'Sincronizando',
      offline: 'Sin conexión',
      'signed-out': 'Sesión cerrada',
      error: 'Error de sincronización',
      'storage-full': 'Almacenamiento lleno',
      follower: 'En línea',
    },
    pending_one: '{{count}} cambio pendiente',
    pending_other: '{{count}} cambios pendientes',
    lastSynced: 'sincronizado {{when}}',
    never: 'aún sin sincronizar',
    now: 'Sincronizar ahora',
    notSynced: 'sin sincronizar',
    needsAttention_one: '{{count}} requiere atención',
    needsAttention_other: '{{count}} requieren atención',
    needsAttentionTitle: 'Cambios que requieren atención',
    nothingNeedsAttention: 'Nada requiere atención.',
    changeFields: 'Campos del cambio',
    yoursThenServer: 'Tu cambio → ahora en el servidor',
    retry: 'Reintentar',
    fix: 'Corregir',
    discard: 'Descartar',
    fields: {
      first_name: 'Nombre de pila',
      last_name: 'Apellido',
      preferred_language: 'Idioma',
      appointment_time: 'Hora de la cita',
      energy_consultants: 'Asesores de energía',
      owner_id: 'Responsable',
      status: 'Estatus del marcador',
    },
    mutation: { 'lead.add.v1': 'Agregar prospecto', 'lead.edit.v1': 'Editar prospecto' },
  },
};
