/**
 * The signed-out pages as a browser first draws them, rendered at build time (scripts/prerender.ts)
 * so the server can send them drawn: the sign-in form, and the legal page while its text loads.
 */
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App.tsx';
import { colorSchemeManager, cssVariablesResolver, theme } from './app/theme.ts';

export async function renderPage(path: string): Promise<string> {
  // The same tree as src/main.tsx, with the router fixed to the page's path.
  const { prelude } = await prerender(
    <StrictMode>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
      >
        <StaticRouter location={path}>
          <App />
        </StaticRouter>
      </MantineProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
