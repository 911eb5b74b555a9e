import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { buildManifest } from './scripts/buildManifest.ts';
import { CHUNK_GROUPS, signedOutStaysLean } from './scripts/chunkGroups.ts';
import { compileHints } from './scripts/compileHints.ts';
import { precompress } from './scripts/precompress.ts';
import { preloadAppStart, prerenderPages } from './scripts/prerender.ts';
import { withAppTitle } from './src/app/appTitle.ts';

// 'stable' or anything else (beta): the page title's suffix.
const CHANNEL = process.env.APP_CHANNEL ?? 'stable';

export default defineConfig({
  plugins: [
    react(),
    // The title is in the page from its first byte, so the pages drawn in advance carry it too.
    { name: 'app-title', transformIndexHtml: (html: string) => withAppTitle(html, CHANNEL) },
    // The build's id, compiled in and written to /build-manifest.json for new-build detection.
    buildManifest(),
    preloadAppStart(),
    signedOutStaysLean(),
    // The code a signed-in opening runs compiles while it downloads, not on first call
    // (NO_COMPILE_HINTS=1 builds without, to measure what that saves).
    ...(process.env.NO_COMPILE_HINTS ? [] : [compileHints()]),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        // The app and the offline base map's states; the larger geography is cached on first use.
        globPatterns: ['**/*.{js,mjs,css,html}', 'geo/states.json'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      },
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        name: 'Home Service CRM',
        short_name: 'HS CRM',
        description: 'Power your service business',
        theme_color: '#1c7ed6',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    // In this order, after the service worker: the pages drawn in advance, then every file compressed.
    prerenderPages(),
    precompress(),
  ],
  define: {
    __APP_CHANNEL__: JSON.stringify(CHANNEL),
  },
  server: {
    port: 5173,
    // Keeps the page's Host (the string shorthand would rewrite it to the API's), so the API's
    // same-origin check on changes (server/http/sameOrigin.ts) sees Origin and Host agree.
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  // The map's pin index starts with the map: its worker's code is compiled the same way.
  worker: {
    plugins: () =>
      process.env.NO_COMPILE_HINTS ? [] : [compileHints(['src/features/map/pins/pinIndexWorker.ts'], true)],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The libraries every screen runs, as a few large chunks (scripts/chunkGroups.ts).
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
