/** The users feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  userPage: {
    title: 'Usuario',
    loading: 'Leyendo el usuario…',
    back: 'Volver a Usuarios',
    availability: 'Disponibilidad para citas',
    editOwn: 'Editar mi perfil',
    contact: 'Contacto',
    lastActive: 'Última actividad',
    never: 'Todavía no',
    teams: 'Equipos',
    noTeams: 'No está en ningún equipo.',
  },
  /** The user page's app sessions and error logs (src/features/users/components/UserSessionsSection.tsx). */
  sessionLog: {
    title: 'Sesiones de la aplicación',
    offline: 'Conéctese a internet para ver las sesiones y los errores de la aplicación.',
    loading: 'Leyendo las sesiones de la aplicación…',
    failed: 'No se pudieron leer las sesiones de la aplicación',
    sessions: 'Sesiones de la aplicación',
    started: 'Inicio',
    lastSeen: 'Última actividad',
    noSessions: 'Aún no hay sesiones de la aplicación.',
    errors: 'Errores recientes',
    reported: 'Reportado',
    event: 'Qué falló',
    message: 'Mensaje',
    noErrors: 'No se han reportado errores.',
  },
  userManager: {
    setterCloser: 'Tipo setter/closer',
    setterCloserNone: 'Sin definir',
    setterCloserTypes: {
      setter: 'Setter (concertador)',
      closer: 'Closer (cerrador)',
      setter_closer: 'Setter y closer',
    },
    teams: 'Equipos',
    teamRole: 'Rol en {{team}}',
    orgs: 'Organizaciones',
    defaultProducts: 'Productos predeterminados',
    signIn: 'Cómo inicia sesión',
    withPassword: 'Una contraseña mostrada ahora',
    withInvite: 'Un enlace para elegir la suya',
    invitedTitle: '{{name}} ha sido añadido',
    inviteOnce:
      'Envía a {{email}} este enlace para que elija su propia contraseña. Solo se muestra ahora, funciona una vez y caduca en {{days}} días.',
    inviteLink: 'Enlace de invitación',
    copyLink: 'Copiar enlace',
    invite: {
      title: 'Elige tu contraseña',
      intro: 'Te han invitado. Elige la contraseña con la que iniciarás sesión.',
      password: 'Nueva contraseña',
      repeat: 'Repite la contraseña',
      tooShort: 'Usa al menos 8 caracteres.',
      mismatch: 'Las contraseñas no coinciden.',
      submit: 'Guardar contraseña e iniciar sesión',
      failed: 'No se guardó tu contraseña',
      needsConnection: 'Guardar tu contraseña necesita conexión. Inténtalo de nuevo cuando estés en línea.',
      error: 'Hubo un error al guardar tu contraseña. Inténtalo de nuevo.',
      toSignIn: 'Ir a iniciar sesión',
    },
    photo: {
      change: 'Cambiar foto',
      notImage: 'Elige una imagen JPEG, PNG o WebP.',
      unreadable: 'No se pudo leer esta imagen. Elige otra.',
      needsConnection: 'Cambiar la foto necesita conexión. Inténtalo de nuevo cuando estés en línea.',
    },
    figures: {
      activeSessions: 'Sesiones activas',
      offline: 'Se sabrá en línea',
    },
  },
};
