/** The legal feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  privacy: {
    title: 'Política de privacidad y términos',
    accept: 'Acepto',
    loading: 'Cargando los términos…',
    unavailable: 'No se pudieron cargar los términos. Conéctate a internet para leerlos y aceptarlos.',
  },
  page: {
    loading: 'Cargando el documento…',
    unavailable: 'No se pudo cargar este documento. Conéctate a internet para leerlo.',
  },
};
