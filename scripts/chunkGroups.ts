/**
 * Build step: the libraries every screen runs, as a few large chunks instead of the automatic
 * split's file per component. A launch of the signed-in app loaded ~145 script files; each costs
 * the main thread its fetch, instantiation and evaluation, which a slow phone feels more than the
 * bytes. Mantine is cut in two: the components the signed-out pages draw (the sign-in page loads
 * those and no more) and the rest, which only the signed-in app loads; the build fails when the
 * signed-out pages' code comes to need the rest.
 */
import type { Plugin } from 'vite';
import { type Bundle, chunkClosure } from './bundleGraph.ts';

/** Matches the scripts of the named packages (not their stylesheets, which stay where they are). */
export function packageScripts(names: string): (id: string) => boolean {
  const inPackages = new RegExp(`node_modules[\\\\/](?:${names})[\\\\/]`);
  return (id) => inPackages.test(id) && !/\.css(?:$|\?)/.test(id);
}

/**
 * The Mantine components the signed-out pages' code uses. src/app/publicStyles.ts loads the styles
 * of each that has its own (chunkGroups.test.ts holds the two lists together).
 */
export const SIGNED_OUT_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Button',
  'Center',
  'Container',
  'Divider',
  'Input',
  'Loader',
  'Paper',
  'PasswordInput',
  'Stack',
  'Text',
  'TextInput',
  'Title',
  'Typography',
  'UnstyledButton',
  'VisuallyHidden',
];

/** `build.rolldownOptions.output.codeSplitting.groups`. */
export const CHUNK_GROUPS = [
  // React, the router and the words: what every page, signed in or out, starts with.
  {
    name: 'react',
    test: packageScripts('react|react-dom|scheduler|react-router|i18next|react-i18next'),
    priority: 3,
  },
  // Mantine's base, its hooks and the signed-out pages' components, with what they use.
  {
    name: 'mantine-start',
    test: packageScripts(
      `@mantine/core/esm/(?:core|utils|components/(?:${SIGNED_OUT_COMPONENTS.join('|')}))|@mantine/hooks|clsx`,
    ),
    priority: 3,
  },
  // The rest of Mantine, and what it is built on: signed in only.
  {
    name: 'mantine',
    test: packageScripts(
      '@mantine/(?:core|notifications)|@floating-ui/[^/]+|react-remove-scroll|react-remove-scroll-bar|react-number-format|react-textarea-autosize|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|tslib|detect-node-es|aria-hidden',
    ),
    priority: 2,
  },
  // The device's database: signed in only.
  { name: 'dexie', test: packageScripts('dexie|dexie-react-hooks'), priority: 2 },
];

/** The modules a signed-out visit runs: the entry (named after its page) and the app's start. */
const SIGNED_OUT_MODULES = ['/index.html', 'src/app/boot.tsx'];

/** The chunks of signed-in-only groups that the signed-out pages' code loads (none, normally). */
export function signedInChunksLoadedSignedOut(bundle: Bundle): string[] {
  const loaded = new Set(SIGNED_OUT_MODULES.flatMap((m) => chunkClosure(bundle, m)));
  return [...loaded].filter((f) => /(?:^|\/)(?:mantine|dexie)-[\w-]{8}\.js$/.test(f));
}

/** Vite plugin: fails the build when the sign-in page would load the signed-in app's libraries. */
export function signedOutStaysLean(): Plugin {
  return {
    name: 'hs-signed-out-stays-lean',
    apply: 'build',
    generateBundle(_, bundle) {
      const extra = signedInChunksLoadedSignedOut(bundle as Bundle);
      if (extra.length > 0)
        throw new Error(
          `the signed-out pages' code loads ${extra.join(', ')}: add the Mantine components it draws to SIGNED_OUT_COMPONENTS (scripts/chunkGroups.ts)`,
        );
    },
  };
}
