/**
 * The catalogue's namespaces and where their words are. `shared` holds the shell's words and those
 * several features use: English (./en.ts) is in the first bundle, so the sign-in page needs nothing
 * more; Spanish (./es.ts) loads when chosen. Every feature has its own namespace, named after its
 * folder (`src/features/<feature>/locales/{en,es}.ts`), each language a chunk of its own that
 * i18next fetches the first time a screen asks for it (i18n.ts). The service worker precaches
 * every chunk, so they load offline too.
 */
import type { Language } from '#src/domain/language.ts';
import { en } from './en.ts';

export const FEATURE_CATALOGUES = {
  admin: {
    en: () => import('#src/features/admin/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/admin/locales/es.ts').then((m) => m.es),
  },
  announcements: {
    en: () => import('#src/features/announcements/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/announcements/locales/es.ts').then((m) => m.es),
  },
  appointments: {
    en: () => import('#src/features/appointments/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/appointments/locales/es.ts').then((m) => m.es),
  },
  automations: {
    en: () => import('#src/features/automations/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/automations/locales/es.ts').then((m) => m.es),
  },
  availability: {
    en: () => import('#src/features/availability/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/availability/locales/es.ts').then((m) => m.es),
  },
  contests: {
    en: () => import('#src/features/contests/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/contests/locales/es.ts').then((m) => m.es),
  },
  dashboard: {
    en: () => import('#src/features/dashboard/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/dashboard/locales/es.ts').then((m) => m.es),
  },
  diagnostics: {
    en: () => import('#src/features/diagnostics/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/diagnostics/locales/es.ts').then((m) => m.es),
  },
  integrations: {
    en: () => import('#src/features/integrations/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/integrations/locales/es.ts').then((m) => m.es),
  },
  leaderboard: {
    en: () => import('#src/features/leaderboard/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/leaderboard/locales/es.ts').then((m) => m.es),
  },
  leads: {
    en: () => import('#src/features/leads/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/leads/locales/es.ts').then((m) => m.es),
  },
  legal: {
    en: () => import('#src/features/legal/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/legal/locales/es.ts').then((m) => m.es),
  },
  map: {
    en: () => import('#src/features/map/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/map/locales/es.ts').then((m) => m.es),
  },
  notifications: {
    en: () => import('#src/features/notifications/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/notifications/locales/es.ts').then((m) => m.es),
  },
  offlineAreas: {
    en: () => import('#src/features/offlineAreas/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/offlineAreas/locales/es.ts').then((m) => m.es),
  },
  pay: {
    en: () => import('#src/features/pay/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/pay/locales/es.ts').then((m) => m.es),
  },
  profile: {
    en: () => import('#src/features/profile/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/profile/locales/es.ts').then((m) => m.es),
  },
  proposals: {
    en: () => import('#src/features/proposals/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/proposals/locales/es.ts').then((m) => m.es),
  },
  records: {
    en: () => import('#src/features/records/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/records/locales/es.ts').then((m) => m.es),
  },
  regions: {
    en: () => import('#src/features/regions/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/regions/locales/es.ts').then((m) => m.es),
  },
  surveys: {
    en: () => import('#src/features/surveys/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/surveys/locales/es.ts').then((m) => m.es),
  },
  sync: {
    en: () => import('#src/features/sync/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/sync/locales/es.ts').then((m) => m.es),
  },
  tableViews: {
    en: () => import('#src/features/tableViews/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/tableViews/locales/es.ts').then((m) => m.es),
  },
  tables: {
    en: () => import('#src/features/tables/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/tables/locales/es.ts').then((m) => m.es),
  },
  teams: {
    en: () => import('#src/features/teams/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/teams/locales/es.ts').then((m) => m.es),
  },
  users: {
    en: () => import('#src/features/users/locales/en.ts').then((m) => m.en),
    es: () => import('#src/features/users/locales/es.ts').then((m) => m.es),
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
