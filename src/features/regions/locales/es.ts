/** The regions feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  regions: {
    title: 'Región',
    new: 'Nueva región',
    back: 'Volver a Regiones',
    loading: 'Leyendo la región…',
    mine: 'Mi región',
    myTitle: 'Mi región',
    noneMine: 'Su equipo todavía no tiene región. Un administrador dibuja las regiones y les asigna equipos.',
    cannotAdd: 'Solo los administradores pueden añadir regiones.',
    mapLabel: 'Mapa de la región',
    drawHint:
      'Haga clic en el mapa para colocar cada esquina de la región; haga clic en la primera esquina para cerrar el contorno.',
    editHint:
      'Arrastre una esquina para moverla o un punto medio para añadir una; Redibujar empieza de nuevo.',
    redraw: 'Redibujar contorno',
    outlineProblem: 'Este contorno no se puede guardar',
    geometry: {
      notPolygon: 'El contorno debe ser una forma cerrada dibujada en el mapa.',
      tooFewPoints: 'El contorno necesita al menos 3 esquinas distintas.',
      notClosed: 'El contorno debe terminar donde empieza: haga clic en su primera esquina para cerrarlo.',
      outOfRange: 'Una esquina queda fuera del mapa (longitud de -180 a 180, latitud de -90 a 90).',
      tooManyPoints: 'El contorno tiene demasiadas esquinas (como máximo 1.000).',
      selfIntersecting: 'El contorno se cruza consigo mismo. Vuelva a dibujarlo sin líneas que se crucen.',
      noArea: 'El contorno no encierra ninguna superficie: separe sus esquinas.',
    },
    form: 'Datos de la región',
    name: 'Nombre',
    color: 'Color',
    colorHelp: 'El relleno en el mapa: uno de los dos rellenos estándar o cualquier color.',
    people: 'Representantes y gerentes',
    teams: 'Equipos',
    notSaved: 'No guardado',
    save: 'Guardar',
    delete: 'Eliminar región',
    deleteTitle: '¿Eliminar {{name}}?',
    deleteExplained:
      'Sus contactos y equipos se quedan sin esta región, en este dispositivo ahora y en los demás cuando se sincronicen.',
    confirmDelete: 'Eliminar',
    nameRequired: 'El nombre es obligatorio.',
    outlineRequired: 'Primero dibuje la región en el mapa.',
    added: 'Región añadida',
    edited: 'Región editada',
    deleted: 'Región eliminada',
    addError: 'Hubo un error al añadir la región. Inténtelo de nuevo.',
    editError: 'Hubo un error al editar la región. Inténtelo de nuevo.',
    deleteError: 'Hubo un error al eliminar la región. Inténtelo de nuevo.',
    contacts_one: 'Contactos: {{count}}',
    contacts_other: 'Contactos: {{count}}',
    noContacts: 'Todavía no hay contactos en esta región.',
    pipeline: 'Embudo por etapa',
    noPeople: 'No hay representantes ni gerentes asignados.',
    noTeams: 'No hay equipos en esta región.',
  },
};
