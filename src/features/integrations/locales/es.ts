/** The integrations feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  integrations: {
    title: 'Integraciones',
    explain:
      'Conecta tus cuentas de otros servicios. La conexión se guarda en el servidor, nunca en este dispositivo; puedes desconectarla cuando quieras.',
    offlineTitle: 'Estás sin conexión',
    offline:
      'Las integraciones necesitan conexión: hablan con el servidor y con otros servicios. Conéctate a internet para verlas y cambiarlas.',
    needsConnection: 'Esto necesita conexión. No se cambió nada: inténtalo de nuevo cuando tengas conexión.',
    failed:
      'Algo salió mal de nuestro lado. Inténtalo de nuevo; si sigue fallando, avisa a tu administrador.',
    yours: 'Tus conexiones',
    noneYet: 'Todavía no has conectado ninguna cuenta.',
    status: { connected: 'Conectada', needsReconnect: 'Hay que reconectarla' },
    connectedAt: 'Conectada el {{when}}',
    scopes: 'Acceso: {{scopes}}',
    noScopes: 'sin indicar',
    expires: 'El acceso se renueva antes del {{when}}',
    reconnect: 'Reconectar {{name}}',
    disconnect: 'Desconectar {{name}}',
    available: 'Conectar una cuenta',
    noProviders: 'Tu administrador aún no ha configurado ningún servicio para conectar.',
    connectTo: 'Conectar {{name}}',
    disconnected: '{{name}} está desconectado.',
    disconnectedLocally:
      '{{name}} está desconectado aquí, pero no se pudo pedir a {{name}} que olvide el acceso: {{reason}} También puedes quitar el acceso desde tu cuenta de {{name}}.',
    back: 'Volver a integraciones',
    connect: {
      title: 'Conectando tu cuenta',
      going: 'Te llevamos al servicio para aprobar la conexión…',
      failed: 'No se pudo empezar a conectar',
      noProvider: 'No se indicó ningún servicio. Elige uno en Integraciones.',
    },
    callback: {
      title: 'Terminando la conexión',
      working: 'Terminando la conexión…',
      done: 'Conectada',
      connected: '{{name}} está conectado.',
      failed: 'No se hizo la conexión',
      denied: 'La conexión no se aprobó en el servicio. No se conectó nada.',
      refused: 'El servicio rechazó la conexión. No se conectó nada.',
      refusedScope:
        'El servicio no permite el acceso que pide esta conexión. Pide a tu administrador que revise los permisos del proveedor. No se conectó nada.',
      refusedSetup:
        'El servicio rechazó la solicitud tal como está configurado este proveedor. Pide a tu administrador que revise su configuración. No se conectó nada.',
      refusedUnavailable:
        'El servicio tuvo un problema y no pudo responder. Inténtalo más tarde. No se conectó nada.',
      refusedSignIn:
        'El servicio necesita que inicies sesión o apruebes el acceso allí primero. Vuelve a conectar desde Integraciones.',
      missing: 'Esta página se abrió sin respuesta de un servicio. Vuelve a conectar desde Integraciones.',
    },
    providers: {
      title: 'Proveedores de integración',
      explain:
        'Servicios a los que pueden conectarse las personas de la organización (OAuth 2 con PKCE). Registra esta dirección como dirección de redirección en el servicio: {{callback}}',
      listTitle: 'Proveedores',
      none: 'Todavía no hay proveedores.',
      on: 'Activo',
      off: 'Inactivo',
      summary: 'Clave {{key}} · cliente {{client}}',
      edit: 'Editar {{name}}',
      delete: 'Eliminar {{name}}',
      addTitle: 'Añadir un proveedor',
      add: 'Añadir proveedor',
      added: 'Se añadió {{name}}.',
      saved: 'Se guardó {{name}}.',
      deleted: 'Se eliminó {{name}}, con las conexiones hechas a través de él.',
      fields: {
        name: 'Nombre',
        key: 'Clave',
        keyHelp: 'Minúsculas, dígitos, - y _; se usa en la dirección de conexión.',
        clientId: 'ID de cliente',
        clientSecret: 'Secreto de cliente',
        secretSet: 'Hay un secreto de cliente guardado. Escribe uno nuevo para reemplazarlo.',
        secretNotSet: 'No hay secreto de cliente guardado.',
        authorizeUrl: 'URL de autorización',
        tokenUrl: 'URL de token',
        revokeUrl: 'URL de revocación',
        scopes: 'Alcances',
        scopesHelp: 'Separados por espacios.',
        enabled: 'Se puede conectar',
      },
    },
    apiKeys: {
      title: 'Claves de API',
      explain:
        'Las claves permiten a otros sistemas usar la API pública de esta organización, solo para lo que permiten sus alcances. Envía la clave como "Authorization: Bearer hs_…" o "X-API-Key: hs_…".',
      newTitle: 'Crear una clave',
      name: 'Nombre de la clave',
      scopes: 'Alcances',
      scope: {
        leads_read: 'Leer prospectos',
        leads_write: 'Añadir y editar prospectos',
        users_read: 'Leer usuarios',
        notifications_read: 'Leer notificaciones',
      },
      create: 'Crear clave',
      created: 'Se creó la clave {{name}}.',
      newKey: 'Nueva clave de API',
      shownOnce: 'Cópiala ahora: solo se muestra esta vez.',
      copy: 'Copiar clave',
      copied: 'Copiada',
      listTitle: 'Claves',
      none: 'Todavía no hay claves de API.',
      revokedBadge: 'Revocada',
      prefix: 'Empieza por {{prefix}}',
      used: 'Creada el {{created}} · último uso {{used}}',
      never: 'nunca',
      revoke: 'Revocar {{name}}',
      revoked: 'Se revocó la clave {{name}}.',
    },
  },
};
