/**
 * Build step: the pages a first-time visitor opens, drawn in advance (src/prerender.tsx) so a phone
 * paints them before any script has run. Writes beside the build:
 * - prerendered/login.html: the sign-in page, which the app takes over as it is (hydration);
 * - prerendered/legal.html: the legal page drawn with marks where the server writes the current
 *   terms (src/domain/termsInPage.ts), which the app then takes over as it is; its code preloaded.
 * Both carry the first page's stylesheet inline, so nothing but the page itself blocks the paint.
 * The server sends them for /auth/login and /legal/* (server/http/app.ts); every other path, and
 * the service worker offline, keep index.html.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PRERENDERED_DIR, TERMS_MARK } from '#server/http/prerenderedPages.ts';
import { type Bundle, chunkClosure } from './bundleGraph.ts';

/** The chunk of a module and the chunks it imports, as `/assets/…` paths. */
function chunkWithImports(bundle: Bundle, moduleSuffix: string): string[] {
  return chunkClosure(bundle, moduleSuffix).map((f) => `/${f}`);
}

function pageHtml(
  index: string,
  outDir: string,
  markup: string,
  options: { mode: 'hydrate' | 'replace'; preload?: string[]; after?: string },
): string {
  let html = index
    // Drawn in the light scheme; the app switches to the visitor's own once it runs.
    .replace('<html lang="en">', '<html lang="en" data-mantine-color-scheme="light">')
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${options.mode}">${markup}</div>${options.after ?? ''}`,
    )
    .replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/, (_, href: string) => {
      const css = readFileSync(join(outDir, href), 'utf8');
      return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
    });
  const preloads = (options.preload ?? []).filter((href) => !html.includes(`"${href}"`));
  html = html.replace(
    '</head>',
    `${preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('')}</head>`,
  );
  return html;
}

/**
 * Vite plugin: index.html preloads the app's start (src/app/boot.tsx, imported by the entry once
 * the first paint is out), so its code downloads beside the entry instead of after it.
 */
export function preloadAppStart(): Plugin {
  return {
    name: 'hs-preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return chunkWithImports(bundle as Bundle, 'src/app/boot.tsx')
          .filter((href) => !html.includes(`"${href}"`))
          .map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/** Vite plugin: runs after the service worker is built, so these pages are not precached. */
export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  let legalChunks: string[] = [];
  return {
    name: 'hs-prerender',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_, bundle) {
      legalChunks = chunkWithImports(bundle as Bundle, 'src/features/legal/LegalPage.tsx');
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        // A failed build wrote no page to draw from: its own error is the one to show.
        if (!existsSync(join(outDir, 'index.html'))) return;
        // One folder per output folder, so two builds into different folders never share one.
        const ssrDir = resolve(config.root, 'node_modules/.cache', `hs-prerender-${basename(outDir)}`);
        await build({
          configFile: false,
          root: config.root,
          logLevel: 'warn',
          define: config.define,
          plugins: [react()],
          build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false },
        });
        const { renderPage } = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as {
          renderPage(path: string): Promise<string>;
        };
        const index = readFileSync(join(outDir, 'index.html'), 'utf8');
        const dir = join(outDir, PRERENDERED_DIR);
        mkdirSync(dir, { recursive: true });
        writeFileSync(
          join(dir, 'login.html'),
          pageHtml(index, outDir, await renderPage('/auth/login'), { mode: 'hydrate' }),
        );
        writeFileSync(
          join(dir, 'legal.html'),
          pageHtml(index, outDir, await renderPage('/legal/privacy'), {
            mode: 'hydrate',
            preload: legalChunks,
            after: TERMS_MARK,
          }),
        );
        rmSync(ssrDir, { recursive: true, force: true });
      },
    },
  };
}
