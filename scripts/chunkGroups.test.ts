import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Bundle } from './bundleGraph.ts';
import {
  CHUNK_GROUPS,
  packageScripts,
  SIGNED_OUT_COMPONENTS,
  signedInChunksLoadedSignedOut,
} from './chunkGroups.ts';

const nm = (path: string) => `/app/node_modules/${path}`;
/** The group that takes a module: the first of the highest priority whose test matches. */
const groupOf = (id: string) =>
  [...CHUNK_GROUPS].sort((a, b) => b.priority - a.priority).find((g) => g.test(id))?.name;

describe('packageScripts', () => {
  const react = packageScripts('react|react-dom');
  it.each([
    [nm('react/index.js'), true],
    [nm('react-dom/cjs/react-dom-client.production.js'), true],
    [nm('react-day-picker/dist/index.js'), false],
    [nm('react-dom/styles.css'), false],
    [nm('react-dom/styles.css?inline'), false],
    ['/app/src/react/index.ts', false],
  ])('%s: %s', (id, matches) => {
    expect(react(id)).toBe(matches);
  });
});

describe('CHUNK_GROUPS', () => {
  it.each([
    [nm('react-dom/cjs/react-dom-client.production.js'), 'react'],
    [nm('react-router/dist/development/index.mjs'), 'react'],
    [nm('i18next/dist/esm/i18next.js'), 'react'],
    [nm('@mantine/core/esm/core/MantineProvider/MantineProvider.mjs'), 'mantine-start'],
    [nm('@mantine/core/esm/components/Button/Button.mjs'), 'mantine-start'],
    [nm('@mantine/core/esm/components/TextInput/TextInput.mjs'), 'mantine-start'],
    [nm('@mantine/hooks/esm/use-id/use-id.mjs'), 'mantine-start'],
    [nm('@mantine/core/esm/components/Popover/Popover.mjs'), 'mantine'],
    // Not the start's Button: a component whose name begins like one of the start's.
    [nm('@mantine/core/esm/components/ButtonGroup/ButtonGroup.mjs'), 'mantine'],
    [nm('@mantine/notifications/esm/Notifications.mjs'), 'mantine'],
    [nm('@floating-ui/react/dist/floating-ui.react.mjs'), 'mantine'],
    [nm('dexie/dist/modern/dexie.mjs'), 'dexie'],
    [nm('dexie-react-hooks/dist/dexie-react-hooks.mjs'), 'dexie'],
    [nm('@mantine/core/styles/Button.css'), undefined],
    [nm('maplibre-gl/dist/maplibre-gl.js'), undefined],
    ['/app/src/app/boot.tsx', undefined],
  ])('%s goes in %s', (id, group) => {
    expect(groupOf(id)).toBe(group);
  });
});

describe('signedInChunksLoadedSignedOut', () => {
  const chunk = (fileName: string, facade: string | null, imports: string[]) => ({
    type: 'chunk',
    fileName,
    facadeModuleId: facade,
    imports,
  });
  const bundle = (bootImports: string[]): Bundle => ({
    'assets/index-AAAAAAAA.js': chunk('assets/index-AAAAAAAA.js', '/app/index.html', [
      'assets/react-BBBBBBBB.js',
    ]),
    'assets/boot-CCCCCCCC.js': chunk('assets/boot-CCCCCCCC.js', '/app/src/app/boot.tsx', bootImports),
    'assets/react-BBBBBBBB.js': chunk('assets/react-BBBBBBBB.js', null, []),
    'assets/mantine-start-DDDDDDDD.js': chunk('assets/mantine-start-DDDDDDDD.js', null, []),
    'assets/mantine-EEEEEEEE.js': chunk('assets/mantine-EEEEEEEE.js', null, [
      'assets/mantine-start-DDDDDDDD.js',
    ]),
    'assets/dexie-FFFF_FF-.js': chunk('assets/dexie-FFFF_FF-.js', null, []),
    'assets/SignedInApp-GGGGGGGG.js': chunk(
      'assets/SignedInApp-GGGGGGGG.js',
      '/app/src/app/SignedInApp.tsx',
      ['assets/mantine-EEEEEEEE.js', 'assets/dexie-FFFF_FF-.js'],
    ),
  });

  it('is empty when the signed-out code loads only the start of Mantine', () => {
    expect(signedInChunksLoadedSignedOut(bundle(['assets/mantine-start-DDDDDDDD.js']))).toEqual([]);
  });

  it('names the signed-in libraries the signed-out code loads, directly or not', () => {
    const loaded = bundle(['assets/mantine-start-DDDDDDDD.js', 'assets/mantine-EEEEEEEE.js']);
    expect(signedInChunksLoadedSignedOut(loaded)).toEqual(['assets/mantine-EEEEEEEE.js']);
    expect(signedInChunksLoadedSignedOut(bundle(['assets/SignedInApp-GGGGGGGG.js'])).sort()).toEqual([
      'assets/dexie-FFFF_FF-.js',
      'assets/mantine-EEEEEEEE.js',
    ]);
  });
});

describe('SIGNED_OUT_COMPONENTS', () => {
  it("each has its styles in the signed-out pages' first stylesheet, where Mantine has some", () => {
    const firstStyles = readFileSync('src/app/publicStyles.ts', 'utf8');
    const styled = SIGNED_OUT_COMPONENTS.filter((name) =>
      existsSync(`node_modules/@mantine/core/styles/${name}.css`),
    );
    expect(styled.length).toBeGreaterThan(10);
    const missing = styled.filter((name) => !firstStyles.includes(`'@mantine/core/styles/${name}.css'`));
    expect(missing).toEqual([]);
  });
});
