/**
 * What one entry of the signed-in app's route table says about a screen (see routeTable.ts): its
 * paths, its code, who may open it, where the side panel lists it and how the accessibility walk
 * reaches it. Plain data and functions: importable without a browser.
 */
import { type ComponentType, createElement, type ReactNode } from 'react';
import type { Params } from 'react-router';
import type { Actor } from '#src/domain/permissions.ts';
import type { SignedInUser } from '#src/features/auth/utils/session.ts';
import type { MessageKey } from '#src/ui/messages.ts';
import type { PreloadableScreen } from '../preloadableScreen.tsx';
import type { MiddlewareName } from '../routeMiddleware.ts';

/** What a screen may need from the signed-in app to render. */
export interface ScreenContext {
  user: SignedInUser;
  onProfileSaved: () => void;
  /** The shell's language switch, for a screen that offers it again (the profile editor). */
  languageControl: ReactNode;
}

/** The side panel's groups, in the order they are shown (named in the catalogue, `nav.groups.*`). */
export const NAV_GROUPS = ['field', 'organisation', 'records', 'admin'] as const;
export type NavGroupKey = (typeof NAV_GROUPS)[number];

/** Where the side panel lists a screen, and for whom. */
export interface NavPlace {
  group: NavGroupKey;
  /** Its place within the group (lower first). */
  order: number;
  /** A message key (`nav.*`), or a table's title (`tableLabels.titles.*`). */
  label: MessageKey;
  /** Who sees the link; everyone when left out. */
  shows?: (actor: Actor) => boolean;
  /** Where the link goes when that is not the entry's first path (e.g. a section of it). */
  path?: string;
  /**
   * Which addresses mark the link as the current screen: those starting with this prefix, or only
   * the link's own path when `null`. By default the link's path and everything under it.
   */
  within?: string | null;
}

/** The demo users the accessibility walk signs in as (tests/e2e/accessibility*.e2e.test.ts). */
export type WalkUser = 'admin' | 'rep';

/**
 * The parts of the walk: `map`, `contacts`, `lead` and `other` are steps of their own that open
 * dialogs and views of the screen; `tables` and `organisation` visit, in table order, every
 * address listed for them and check the screen once its heading is there.
 */
export type WalkStep = 'map' | 'contacts' | 'lead' | 'tables' | 'other' | 'organisation';

export interface WalkVisit {
  step: WalkStep;
  who: readonly WalkUser[];
  /** The address visited, when it is not the entry's first path (a section, `new` for an id). */
  url?: string;
  /** The level-one heading the walk waits for (in `tables`, also the table's name). */
  heading?: string | RegExp;
  /** The screen's name in the walk's findings. */
  name?: string;
}

/** How the accessibility walk reaches a screen, or why it does not. */
export type WalkPlan = { visits: readonly WalkVisit[] } | { skip: string };

interface RouteBase {
  /** Its paths in react-router's syntax; an alias is one more path (`/dashboard`, `/dashbord`). */
  paths: readonly [string, ...string[]];
  nav?: NavPlace;
  walk: WalkPlan;
}

/** A screen: its code, loaded on first use, and what it renders with. */
export interface ScreenRoute extends RouteBase {
  screen: { preload(): Promise<unknown> };
  render: (context: ScreenContext) => ReactNode;
  /** The route middleware `RouteGuard` runs before it opens (routeMiddleware.ts). */
  guard?: readonly MiddlewareName[];
  /** The validation of the path's parameters; a failing one shows the fatal 404 (`PageCheck`). */
  check?: (params: Params) => boolean;
  /** A list screen that stays mounted when the user goes elsewhere (rendered by `KeptAliveTables`). */
  keptAlive?: true;
}

/** A path that sends the visitor on to another (SPEC section 2's aliases). */
export interface RedirectRoute extends RouteBase {
  redirect: string;
}

export type RouteEntry = ScreenRoute | RedirectRoute;

export const isScreenRoute = (entry: RouteEntry): entry is ScreenRoute => 'screen' in entry;

type ScreenEntry<P extends object> = Omit<ScreenRoute, 'screen' | 'render'> & {
  screen: PreloadableScreen<P>;
} & (Record<string, never> extends P
    ? { props?: (context: ScreenContext) => P }
    : { props: (context: ScreenContext) => P });

/** A screen entry: its component and the props it renders with, checked against each other. */
export function screenRoute<P extends object>(entry: ScreenEntry<P>): ScreenRoute {
  const { props, screen, ...rest } = entry;
  const component = screen as ComponentType<P>;
  return {
    ...rest,
    screen,
    render: (context) => createElement(component, props?.(context) ?? ({} as P)),
  };
}

/** A path that redirects on entry. */
export function redirectRoute(entry: RedirectRoute): RedirectRoute {
  return entry;
}
