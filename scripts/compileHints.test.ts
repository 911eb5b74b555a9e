import { describe, expect, it } from 'vitest';
import type { Bundle } from './bundleGraph.ts';
import { COMPILE_HINT, markStartupChunks } from './compileHints.ts';

const chunk = (fileName: string, facade: string | null, imports: string[], code = 'f();') => ({
  type: 'chunk',
  fileName,
  facadeModuleId: facade,
  imports,
  code,
  map: { mappings: 'AAAA' },
});
const mapFile = (fileName: string) => ({
  type: 'asset',
  fileName: `${fileName}.map`,
  source: JSON.stringify({ version: 3, mappings: 'AAAA;AACA' }),
});

function bundle(): Bundle {
  return {
    'index.js': chunk('index.js', '/app/index.html', ['shared.js'], 'const __vite__mapDeps=1;\nf();'),
    'index.js.map': mapFile('index.js'),
    'shared.js': chunk('shared.js', null, ['deep.js']),
    'deep.js': chunk('deep.js', null, []),
    'boot.js': chunk('boot.js', '/app/src/app/boot.tsx', ['shared.js']),
    'later.js': chunk('later.js', '/app/src/features/dashboard/DashboardPage.tsx', ['shared.js', 'lib.js']),
    'lib.js': chunk('lib.js', null, []),
    'style.css': { type: 'asset', fileName: 'style.css', source: 'a{}' },
  };
}

describe('markStartupChunks', () => {
  it('marks the chunks that load with the startup modules, static imports and theirs included', () => {
    const b = bundle();
    const marked = markStartupChunks(b, ['/index.html', 'src/app/boot.tsx']);
    expect(marked.sort()).toEqual(['boot.js', 'deep.js', 'index.js', 'shared.js']);
    for (const name of marked) expect(b[name]?.code?.split('\n')[0]).toBe(COMPILE_HINT);
    // Above the preload map Vite writes first, so the hint is the file's first line.
    expect(b['index.js']?.code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=1;\nf();`);
  });

  it('leaves the code loaded later as it was', () => {
    const b = bundle();
    markStartupChunks(b, ['/index.html', 'src/app/boot.tsx']);
    expect(b['later.js']?.code).toBe('f();');
    expect(b['lib.js']?.code).toBe('f();');
    expect(b['style.css']?.source).toBe('a{}');
  });

  it('moves the source map down the line the hint takes, in the chunk and in its file', () => {
    const b = bundle();
    markStartupChunks(b, ['/index.html']);
    expect(b['index.js']?.map?.mappings).toBe(';AAAA');
    expect(JSON.parse(b['index.js.map']?.source as string)).toEqual({ version: 3, mappings: ';AAAA;AACA' });
    expect(b['later.js']?.map?.mappings).toBe('AAAA');
  });

  it('marks a chunk once, however many startup modules load it', () => {
    const b = bundle();
    markStartupChunks(b, ['/index.html', 'src/app/boot.tsx']);
    markStartupChunks(b, ['/index.html']);
    expect(b['shared.js']?.code).toBe(`${COMPILE_HINT}\nf();`);
    expect(b['shared.js']?.map?.mappings).toBe(';AAAA');
  });

  it('fails the build when a startup module has no chunk of its own', () => {
    expect(() => markStartupChunks(bundle(), ['src/app/Renamed.tsx'])).toThrow(
      "compile hints: no chunk is src/app/Renamed.tsx's",
    );
  });

  it('passes over a module missing from a build that holds one worker', () => {
    const b = bundle();
    expect(markStartupChunks(b, ['src/pins/pinIndexWorker.ts'], true)).toEqual([]);
    expect(b['index.js']?.code).toBe('const __vite__mapDeps=1;\nf();');
  });
});
