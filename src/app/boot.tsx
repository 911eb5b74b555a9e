/** Starts the app (loaded by src/main.tsx). */
import { MantineProvider } from '@mantine/core';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { storedUser } from '../features/auth/session.ts';
import { App } from './App.tsx';
import { currentLanguage, startLanguage } from './language.ts';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme.ts';

// A Spanish user's catalogue is in before the first render: no flash of English.
await startLanguage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = (
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </MantineProvider>
  </StrictMode>
);
// A page the server sent already drawn (scripts/prerender.ts) is taken over as it is when this
// visit renders the same (the sign-in page, in English, for someone signed out); otherwise React
// draws anew.
// In a transition, so the work yields to the browser and a tap is answered while it runs.
const drawn = root.dataset.prerendered;
startTransition(() => {
  const samePage =
    drawn === 'hydrate' &&
    window.location.pathname === '/auth/login' &&
    !storedUser() &&
    currentLanguage() === 'en';
  if (samePage) {
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
