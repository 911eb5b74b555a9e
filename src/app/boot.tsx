/** Starts the app (loaded by src/main.tsx). */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { legalSlugOf } from '../domain/legalDocuments.ts';
import { storedUser } from '../features/auth/utils/session.ts';
import { documentInPage } from '../features/legal/utils/terms.ts';
import { App, preloadOpeningPage } from './App.tsx';
import { AppProviders } from './AppProviders.tsx';
import { applyLanguage, currentLanguage, startLanguage } from './language.ts';

// A Spanish user's catalogue is in before the first render: no flash of English. The opening
// screen's code too: a first render that suspends on it is revealed 300 ms late (React's
// throttle of suspended content), which is most of a 100,000-row table's opening time.
await Promise.all([startLanguage(), preloadOpeningPage(window.location.pathname)]);
// Words the opening screen asked for while the language was still being chosen came in the one
// before: they are fetched in the language chosen now (nothing to do in English).
await applyLanguage(currentLanguage()).catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const app = (
  <AppProviders>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </AppProviders>
);
// A page the server sent already drawn (scripts/prerender.ts) is taken over as it is when this
// visit renders the same (the sign-in page, in English, for someone signed out; the legal page
// with the terms written in); otherwise React draws anew.
// In a transition, so the work yields to the browser and a tap is answered while it runs.
const drawn = root.dataset.prerendered;
startTransition(() => {
  const path = window.location.pathname;
  const legalPage = legalSlugOf(path);
  const samePage =
    drawn === 'hydrate' &&
    ((path === '/auth/login' && !storedUser() && currentLanguage() === 'en') ||
      // A legal page shows the document the server drew, in any language, signed in or not.
      (legalPage !== undefined && documentInPage(legalPage) !== undefined));
  if (samePage) {
    hydrateRoot(root, app);
  } else {
    createRoot(root).render(app);
  }
});
