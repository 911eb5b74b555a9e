/**
 * The signed-out pages as a browser first draws them, rendered at build time (scripts/prerender.ts)
 * so the server can send them drawn: the sign-in form, and the legal page with marks where the
 * server writes the current terms (src/domain/termsInPage.ts).
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/App.tsx';
import { AppProviders } from './app/AppProviders.tsx';
import { PRIVACY_SLUG } from './domain/legalDocuments.ts';
import { TERMS_PARAGRAPH_MARK, TERMS_TITLE_MARK } from './domain/termsInPage.ts';
import { drawTermsAs } from './features/legal/utils/terms.ts';

// The legal page is drawn with a stand-in document; the server writes the page's own in its place.
drawTermsAs({
  slug: PRIVACY_SLUG,
  version: '',
  title: TERMS_TITLE_MARK,
  content: TERMS_PARAGRAPH_MARK,
  updated_at: '',
});

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
