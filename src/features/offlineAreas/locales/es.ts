/** The offlineAreas feature's words in Spanish: the keys (tsc checks them) and placeholders of en.ts. */
import type { Translation } from '#src/ui/messages.ts';
import type { en } from './en.ts';

export const es: Translation<typeof en> = {
  offlineAreas: {
    open: 'Guardar esta zona para usarla sin conexión',
    title: 'Guardar esta zona para usarla sin conexión',
    unavailable:
      'No disponible: el mapa base es el mapa de contornos integrado, dibujado con la geografía incluida en la app, así que ya funciona sin conexión. Un administrador puede elegir un mapa de calles en Configuración → Mapa base.',
    name: 'Nombre',
    defaultName: 'Zona guardada el {{date}}',
    maxZoom: 'Guardar hasta el zoom',
    zoomOption: 'Zoom {{zoom}}',
    zoomNow: 'Zoom {{zoom}} (el actual)',
    withImagery: 'Guardar también las imágenes aéreas (Satélite)',
    withImageryHint: 'Techos también sin conexión; los mosaicos de imágenes pesan más. {{credit}}',
    estimate: '{{tiles}} mosaicos, unos {{size}}',
    estimateLabel: 'Estimación de la descarga',
    loadingStyle: 'Leyendo el estilo del mapa…',
    styleError: 'No se pudo leer el estilo del mapa: {{message}}',
    skippedSource: 'No se guardó: fuente del mapa {{id}} ({{reason}}).',
    tooManyTiles:
      'Esta zona necesita {{count}} mosaicos; se pueden guardar como máximo {{max}} a la vez. Acerca el mapa o baja el zoom máximo.',
    invalidArea: 'No se puede guardar la zona visible. Mueve el mapa e inténtalo de nuevo.',
    invalidZoom: 'Elige hasta qué zoom guardar la zona.',
    noZoomChoices:
      'El mapa está más cerca que los mosaicos más detallados de este estilo: aleja el mapa para guardar la zona.',
    offline: 'Estás sin conexión. Conéctate a internet para guardar una zona.',
    busy: 'Ya se está guardando otra zona: espera a que termine o cancélala.',
    save: 'Guardar',
    saving: 'Guardando {{name}}…',
    progressLabel: 'Progreso de la descarga',
    progress: '{{done}} de {{total}} archivos · {{size}}',
    cancel: 'Cancelar',
    saved: '{{name}} está guardada para usarla sin conexión ({{size}}).',
    cancelled: 'Se detuvo el guardado. {{name}} queda guardada en parte: reanúdala desde la lista.',
    quota:
      'Este dispositivo se quedó sin espacio. {{name}} quedó guardada en parte: quita otras zonas guardadas para liberar espacio.',
    failed: 'Archivos sin descargar: {{count}}. Reanuda {{name}} para intentarlo de nuevo.',
    error: 'No se pudo guardar: {{message}}',
    savedAreas: 'Zonas guardadas',
    none: 'Todavía no hay zonas guardadas en este dispositivo.',
    complete: 'Guardada',
    partial: 'Guardada en parte',
    downloading: 'Guardando…',
    details: '{{size}} · guardada el {{date}} · zoom {{minZoom}}–{{maxZoom}}',
    flyTo: 'Ir a',
    flyToArea: 'Ir a {{name}}',
    resume: 'Reanudar',
    resumeArea: 'Reanudar {{name}}',
    remove: 'Quitar',
    removeArea: 'Quitar {{name}}',
    confirmRemove: '¿Quitar {{name}} y sus archivos de mapa de este dispositivo?',
    confirm: 'Quitar',
    keep: 'Conservar',
  },
};
