import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  define: {
    // 'stable' or anything else (beta): the page title's suffix.
    __APP_CHANNEL__: JSON.stringify(process.env.APP_CHANNEL ?? 'stable'),
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
});
