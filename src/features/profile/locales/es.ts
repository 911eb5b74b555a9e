/** The profile feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  /** The language switch on the profile page. */
  languageChoice: { hint: 'El idioma de la interfaz en este dispositivo; se aplica al momento.' },
  profile: {
    title: 'Tu perfil',
    firstTime:
      '¡Te damos la bienvenida! Revisa tu nombre y tu número de teléfono para terminar de configurar tu cuenta.',
    saved: 'Perfil guardado',
  },
};
