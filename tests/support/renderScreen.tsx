/**
 * Component tests of whole screens without a browser or a server (vitest with
 * `// @vitest-environment jsdom` at the top of the test file).
 *
 * `renderScreen({ path, role, rows, language })` renders what the signed-in app renders at `path`:
 * the route table's entry (`src/app/routes/routeTable.ts`, its guard, parameter check and
 * kept-alive list screens included) inside the REAL `DeviceProvider` over an in-memory IndexedDB
 * (fake-indexeddb), a memory router, the app's Mantine theme, its toasts and its messages in
 * English or Spanish. The signed-in user is a device row of the chosen role (Admin, Manager, User
 * or Guest); `rows` are stored before the first render as if a pull had brought them (contacts,
 * users, teams, table views…). `element` renders any element inside the same providers instead;
 * `shell` puts the app's shell (`AppLayout`: the header and the side panel, named 'Main') around
 * the screens, as the signed-in app shows them; the panel starts closed, as in development, and
 * `openSidePanel()` opens it with the header's menu button.
 *
 * There is no server: every request fails as unreachable and the device reports itself offline,
 * so writes stay in the device's outbox, where `outbox()` reads them (`db` is the device database
 * itself, `rows(table)` a table's rows). Call `cleanupScreens()` after each test.
 */
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import {
  cleanup,
  fireEvent,
  type RenderResult,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import Dexie from 'dexie';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppErrorBoundary } from '#src/app/AppErrorBoundary.tsx';
import { AppLayout } from '#src/app/AppLayout.tsx';
import { AppNotifications } from '#src/app/AppNotifications.tsx';
import i18n from '#src/app/i18n.ts';
import { LanguageControl } from '#src/app/LanguageControl.tsx';
import { applyLanguage, type Language } from '#src/app/language.ts';
import type { FeatureNamespace } from '#src/app/locales/catalogues.ts';
import { PageErrorBoundary } from '#src/app/PageErrorBoundary.tsx';
import { KEPT_ALIVE_PATHS, openingRoute } from '#src/app/routes/matchRoute.ts';
import { ScreenRoutes } from '#src/app/routes/ScreenRoutes.tsx';
import { KeptAliveTables } from '#src/app/routes/shellScreens.ts';
import { cssVariablesResolver, theme } from '#src/app/theme.ts';
import { CrmDatabase, databaseName, type EntityRow, type OutboxEntry } from '#src/db/database.ts';
import { META } from '#src/db/meta.ts';
import { DeviceProvider, useSyncStatus } from '#src/device/DeviceProvider.tsx';
import { type AccessLevel, DEFAULT_ORG_ID } from '#src/domain/roles.ts';
import type { SyncTable } from '#src/domain/syncProtocol.ts';
import type { SignedInUser } from '#src/features/auth/utils/storedUser.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { clearToasts } from '#src/ui/toasts.tsx';

// Dexie reads the IndexedDB it uses when it is first imported; make sure it is the in-memory one.
Dexie.dependencies.indexedDB = globalThis.indexedDB;
Dexie.dependencies.IDBKeyRange = globalThis.IDBKeyRange;

export interface ScreenOptions {
  /** The address the app opens at (default `/`), rendered through the route table. */
  path?: string;
  /** The signed-in user's access level (default `User`). */
  role?: AccessLevel;
  /**
   * Fields of the signed-in user's own `users` row (their teams are `team_members` rows); an `_id`
   * here is the signed-in user's id, so rows can name them (default: a new id).
   */
  self?: Partial<EntityRow>;
  /** Device rows stored before the first render, by table, as a pull stores them. */
  rows?: Partial<Record<SyncTable, EntityRow[]>>;
  language?: Language;
  /** Whether the browser says it is online (default false). */
  online?: boolean;
  /**
   * The server, installed before the first render: it answers the requests it knows with an
   * answer (`serverAnswer`), and the rest (the sync engine's) get a 503, so a device that is
   * online stays so. Without it no server answers: every request fails as a dropped connection.
   */
  server?: (url: string, init?: RequestInit) => Response | undefined | Promise<Response | undefined>;
  /** Whether the device has synced once (default true), as screens that wait for it expect. */
  synced?: boolean;
  /** Rendered inside the providers instead of the route table's screen at `path`. */
  element?: ReactNode;
  /** The catalogue namespaces `element` asks for, loaded before it renders (a screen loads its own). */
  words?: readonly FeatureNamespace[];
  /** Whether the shell's header and side panel are around the screens (default false). */
  shell?: boolean;
}

export interface RenderedScreen extends RenderResult {
  user: SignedInUser;
  /** The signed-in user's device database (its own connection, open until `cleanupScreens`). */
  db: CrmDatabase;
  /** The writes waiting in the device's outbox, oldest first. */
  outbox(): Promise<OutboxEntry[]>;
  /** A device table's rows. */
  rows(table: SyncTable): Promise<EntityRow[]>;
  /** The memory router's current address (path and query). */
  location(): string;
}

/** An answer of the app's server, in its envelope (`data`, or a refusal's `message`), as fetch gives it. */
export function serverAnswer(body: { data?: unknown; message?: string }, status = 200): Response {
  return new Response(JSON.stringify({ success: status < 400, ...body }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A server that takes `PUT path` and answers with what it was sent, as a settings endpoint does; the bodies it got. */
export function serverTakingPuts(path: string) {
  const sent: unknown[] = [];
  const server = (url: string, init?: RequestInit) => {
    if (!url.endsWith(path) || init?.method !== 'PUT') return undefined;
    const body = JSON.parse(String(init.body));
    sent.push(body);
    return serverAnswer({ data: body });
  };
  return { sent, server };
}

/**
 * Puts `server` in place of the one the screen was rendered with (see `ScreenOptions.server`), for
 * a test whose server changes as it goes (a device that comes online later).
 */
export function serveScreen(server: NonNullable<ScreenOptions['server']>): void {
  vi.stubGlobal('fetch', vi.fn(answering(server)));
}

/** The fetch of a screen test: no server (a dropped connection), or `server` and a 503 for the rest. */
function answering(server: ScreenOptions['server']) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (!server) throw new TypeError('Failed to fetch');
    const url = input instanceof Request ? input.url : String(input);
    return (await server(url, init)) ?? serverAnswer({ message: 'Not in this test.' }, 503);
  };
}

/** The size every element reports (a laptop screen). */
const SCREEN = { width: 1280, height: 800 };

let screens = 0;
const opened: CrmDatabase[] = [];

/** Renders a screen as the signed-in app does, with the device set up as the options say. */
export async function renderScreen(options: ScreenOptions = {}): Promise<RenderedScreen> {
  const { path = '/', role = 'User', language = 'en' } = options;
  clearToasts();
  provideBrowserFeaturesForMantine();
  // Mantine's growing text areas listen for web fonts loading, which jsdom does not have.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
  vi.stubGlobal('fetch', vi.fn(answering(options.server)));
  // The build's channel, which the shell's feedback links name (a constant the build defines).
  if (options.shell) vi.stubGlobal('__APP_CHANNEL__', 'stable');
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(options.online ?? false);
  // jsdom lays nothing out: every element gets the screen's size, so virtualised lists (the grid)
  // draw their first rows.
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(SCREEN.width);
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(SCREEN.height);

  const userId = typeof options.self?._id === 'string' ? options.self._id : crypto.randomUUID();
  const user: SignedInUser = {
    _id: userId,
    ref_id: `ref-${++screens}`,
    name: `Test ${role}`,
    email: `${role.toLowerCase()}-${screens}@test.local`,
    access: role,
    token: 'test-token',
    terms_accepted: '1',
    has_config: true,
  };
  const db = new CrmDatabase(databaseName(userId));
  opened.push(db);
  await seed(db, user, options);
  await applyLanguage(language);
  // The screen's code is loaded first, as boot does, so the first render shows it at once.
  if (!options.element) await openingRoute(path, true)?.screen.preload();
  else if (options.words?.length) await i18n.loadNamespaces([...options.words]);

  let here = path;
  let leading = false;
  let deviceShown = false;
  const Probe = () => {
    const { pathname, search } = useLocation();
    here = pathname + search;
    leading = useSyncStatus().leader;
    useEffect(() => {
      deviceShown = true;
      return () => {
        deviceShown = false;
      };
    }, []);
    return null;
  };
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <MemoryRouter initialEntries={[path]}>
        <AppErrorBoundary>
          <DeviceProvider userId={userId} access={role}>
            <AppNotifications />
            <Probe />
            {options.element ??
              (options.shell ? (
                <AppLayout userName={user.name} onSignOut={() => {}}>
                  <Screens user={user} />
                </AppLayout>
              ) : (
                <Screens user={user} />
              ))}
          </DeviceProvider>
        </AppErrorBoundary>
      </MemoryRouter>
    </MantineProvider>,
  );
  // The device is up once its sync engine leads (an engine stopped before that still reads),
  // unless the app's error page replaced it (a failed page check).
  await waitFor(() => {
    if (deviceShown && !leading) throw new Error('the sync engine has not started');
  });
  return {
    ...result,
    user,
    db,
    outbox: () => db.outbox.orderBy('id').toArray(),
    rows: (table) => db.entity(table).toArray(),
    location: () => here,
  };
}

/** The routed screens as SignedInApp renders them, without the shell's header and side panel. */
function Screens({ user }: { user: SignedInUser }) {
  const { pathname } = useLocation();
  // The kept-alive list screens mount with the first of them and stay, as in the app.
  const [keptAlive, setKeptAlive] = useState(KEPT_ALIVE_PATHS.has(pathname));
  if (!keptAlive && KEPT_ALIVE_PATHS.has(pathname)) setKeptAlive(true);
  return (
    <>
      {keptAlive && (
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={null}>
            <KeptAliveTables />
          </Suspense>
        </PageErrorBoundary>
      )}
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={null}>
          <ScreenRoutes context={{ user, onProfileSaved: () => {}, languageControl: <LanguageControl /> }} />
        </Suspense>
      </PageErrorBoundary>
    </>
  );
}

async function seed(db: CrmDatabase, user: SignedInUser, options: ScreenOptions): Promise<void> {
  const self: EntityRow = {
    _id: user._id,
    name: user.name,
    email: user.email,
    access_level: user.access,
    org_id: DEFAULT_ORG_ID,
    roles: [],
    version: 1,
    ...options.self,
  };
  const rows = { ...options.rows, users: [self, ...(options.rows?.users ?? [])] };
  // In one transaction with the map's pin index, which every write of contacts updates.
  await db.transaction('rw', db.tables, async () => {
    for (const [table, list] of Object.entries(rows) as [SyncTable, EntityRow[]][]) {
      await db.entity(table).bulkPut(list.map((row) => ({ version: 1, ...row })));
    }
  });
  if (options.synced ?? true) await db.meta.put({ key: META.lastSyncedAt, value: new Date().toISOString() });
}

/**
 * Opens the shell's side panel with the header's menu button, as a person would, once its first
 * link is drawn, and answers the panel (the navigation named 'Main').
 */
export async function openSidePanel(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Toggle navigation' }));
  const nav = screen.getByRole('navigation', { name: 'Main' });
  await within(nav).findAllByRole('link');
  return nav;
}

/**
 * Unmounts the screens, closes their databases, puts back every stubbed global and spied-on
 * method (the test's own too) and English.
 */
export async function cleanupScreens(): Promise<void> {
  // Toasts outlive the screen that showed them; the next test starts with none.
  clearToasts();
  cleanup();
  // The device provider stops its sync engine and closes its connection once unmounted.
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const db of opened.splice(0)) db.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await applyLanguage('en');
}

/** Waits until the outbox holds `count` writes, answering them. */
export async function outboxOf(screen: RenderedScreen, count: number): Promise<OutboxEntry[]> {
  let entries: OutboxEntry[] = [];
  await waitFor(async () => {
    entries = await screen.outbox();
    if (entries.length < count) throw new Error(`${entries.length} of ${count} writes in the outbox`);
  });
  return entries;
}
