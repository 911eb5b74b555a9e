/**
 * The catalogue's namespaces and where their words are. `shared` holds the shell's words and those
 * several features use: English (./en.ts) is in the first bundle, so the sign-in page needs nothing
 * more; Spanish (./es.ts) loads when chosen. Every feature has its own namespace, named after its
 * folder (`src/features/<feature>/locales/{en,es}.ts`), each language a chunk of its own that
 * i18next fetches the first time a screen asks for it (i18n.ts). The service worker precaches
 * every chunk, so they load offline too.
 */
import type { Language } from '../../domain/language.ts';
import { en } from './en.ts';

export const FEATURE_CATALOGUES = {
  admin: {
    en: () => import('../../features/admin/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/admin/locales/es.ts').then((m) => m.es),
  },
  announcements: {
    en: () => import('../../features/announcements/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/announcements/locales/es.ts').then((m) => m.es),
  },
  appointments: {
    en: () => import('../../features/appointments/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/appointments/locales/es.ts').then((m) => m.es),
  },
  automations: {
    en: () => import('../../features/automations/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/automations/locales/es.ts').then((m) => m.es),
  },
  contests: {
    en: () => import('../../features/contests/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/contests/locales/es.ts').then((m) => m.es),
  },
  dashboard: {
    en: () => import('../../features/dashboard/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/dashboard/locales/es.ts').then((m) => m.es),
  },
  diagnostics: {
    en: () => import('../../features/diagnostics/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/diagnostics/locales/es.ts').then((m) => m.es),
  },
  integrations: {
    en: () => import('../../features/integrations/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/integrations/locales/es.ts').then((m) => m.es),
  },
  leaderboard: {
    en: () => import('../../features/leaderboard/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/leaderboard/locales/es.ts').then((m) => m.es),
  },
  leads: {
    en: () => import('../../features/leads/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/leads/locales/es.ts').then((m) => m.es),
  },
  legal: {
    en: () => import('../../features/legal/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/legal/locales/es.ts').then((m) => m.es),
  },
  map: {
    en: () => import('../../features/map/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/map/locales/es.ts').then((m) => m.es),
  },
  notifications: {
    en: () => import('../../features/notifications/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/notifications/locales/es.ts').then((m) => m.es),
  },
  offlineAreas: {
    en: () => import('../../features/offlineAreas/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/offlineAreas/locales/es.ts').then((m) => m.es),
  },
  profile: {
    en: () => import('../../features/profile/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/profile/locales/es.ts').then((m) => m.es),
  },
  proposals: {
    en: () => import('../../features/proposals/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/proposals/locales/es.ts').then((m) => m.es),
  },
  records: {
    en: () => import('../../features/records/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/records/locales/es.ts').then((m) => m.es),
  },
  regions: {
    en: () => import('../../features/regions/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/regions/locales/es.ts').then((m) => m.es),
  },
  surveys: {
    en: () => import('../../features/surveys/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/surveys/locales/es.ts').then((m) => m.es),
  },
  sync: {
    en: () => import('../../features/sync/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/sync/locales/es.ts').then((m) => m.es),
  },
  tableViews: {
    en: () => import('../../features/tableViews/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/tableViews/locales/es.ts').then((m) => m.es),
  },
  tables: {
    en: () => import('../../features/tables/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/tables/locales/es.ts').then((m) => m.es),
  },
  teams: {
    en: () => import('../../features/teams/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/teams/locales/es.ts').then((m) => m.es),
  },
  users: {
    en: () => import('../../features/users/locales/en.ts').then((m) => m.en),
    es: () => import('../../features/users/locales/es.ts').then((m) => m.es),
  },
};

export type FeatureNamespace = keyof typeof FEATURE_CATALOGUES;
export type Namespace = 'shared' | FeatureNamespace;

/** Every namespace's English catalogue: the source of the message keys' types. */
export type Catalogues = {
  [N in Namespace]: N extends FeatureNamespace
    ? Awaited<ReturnType<(typeof FEATURE_CATALOGUES)[N]['en']>>
    : typeof en;
};

// Every feature has both languages (checked here, as `satisfies` above would widen the words' types).
FEATURE_CATALOGUES satisfies Record<string, Record<Language, () => Promise<object>>>;

export const FEATURE_NAMESPACES = Object.keys(FEATURE_CATALOGUES) as FeatureNamespace[];

export function isNamespace(name: string): name is Namespace {
  return name === 'shared' || Object.hasOwn(FEATURE_CATALOGUES, name);
}

/** A namespace's words in a language: English shared words at once, the others from their chunk. */
export function loadCatalogue(language: Language, namespace: Namespace): Promise<object> {
  if (namespace !== 'shared') return FEATURE_CATALOGUES[namespace][language]();
  return language === 'en' ? Promise.resolve(en) : import('./es.ts').then((m) => m.es);
}

// Message keys are checked against the catalogues: `t('regions.title')` compiles only where the
// `regions` namespace is asked for (`useTranslation('regions')`), shared words everywhere.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shared';
    fallbackNS: 'shared';
    resources: Catalogues;
  }
}
