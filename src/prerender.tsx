/**
 * The signed-out pages as a browser first draws them, rendered at build time (scripts/prerender.ts)
 * so the server can send them drawn: the sign-in form, and the legal page while its text loads.
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App.tsx';
import { AppProviders } from './app/AppProviders.tsx';

export async function renderPage(path: string): Promise<string> {
  // The same tree as src/app/boot.tsx, with the router fixed to the page's path.
  const { prelude } = await prerender(
    <AppProviders>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </AppProviders>,
  );
  return new Response(prelude).text();
}
