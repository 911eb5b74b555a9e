/**
 * The built web app: its files, compressed copies chosen by Accept-Encoding, cache headers, the
 * pages drawn in advance for a first visit, and index.html for every other path so the app's
 * router decides.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { acceptLanguageTags, browserLanguage } from '#src/domain/language.ts';
import { legalSlugOf } from '#src/domain/legalDocuments.ts';
import { DEFAULT_ORG_ID } from '#src/domain/roles.ts';
import type { ServiceContext } from '../services/context.ts';
import { publishedLegalDocument } from '../services/legal.ts';
import { serverRichTextSanitizer } from '../services/richText.ts';
import type { AuthVariables } from './callerAuth.ts';
import { type Encoding, preferredEncoding } from './encoding.ts';
import { legalPageWithTerms, PRERENDERED_DIR } from './prerenderedPages.ts';

type Copies = Record<Encoding | 'identity', Uint8Array<ArrayBuffer>>;

export function mountWebApp(app: Hono<{ Variables: AuthVariables }>, root: string, ctx: ServiceContext) {
  const index = compressedCopies(readFileSync(join(root, 'index.html')));
  const login = readPage(root, 'login.html');
  const legal = readPage(root, 'legal.html');
  // The build writes a .br and a .gz copy beside each file (scripts/precompress.ts). Files under
  // /assets carry a hash of their content in their name, so they never change: cached for good.
  app.use('/assets/*', cacheControl('public, max-age=31536000, immutable'));
  app.use('/assets/*', serveStatic({ root, precompressed: true }));
  // A file of another build is gone: an answer of index.html would pass for it.
  app.all('/assets/*', (c) => c.text('Not found', 404));
  app.use('*', cacheControl('no-cache'));
  app.use('*', serveStatic({ root, precompressed: true }));
  // A first visit opens these two pages already drawn; the service worker keeps index.html.
  if (login) {
    const copies = compressedCopies(Buffer.from(login));
    // Drawn in English: a browser that prefers Spanish gets the app, which starts in Spanish,
    // rather than an English page that turns Spanish once the code runs.
    app.get('/auth/login', (c) => {
      const english = browserLanguage(acceptLanguageTags(c.req.header('Accept-Language'))) === 'en';
      return sendHtml(c, english ? copies : index, 'Accept-Encoding, Accept-Language');
    });
  }
  if (legal) {
    // Each page drawn with its document in force, kept until the document changes.
    const drawn = new Map<string, { key: string; copies: Copies }>();
    app.get('/legal/*', async (c) => {
      // Without its document (none published under the slug, database away) the app is sent: it
      // asks for the document itself, and shows its 404 page when there is none.
      const slug = legalSlugOf(c.req.path);
      const doc = slug && (await publishedLegalDocument(ctx, DEFAULT_ORG_ID, slug).catch(() => undefined));
      if (!slug || !doc) return sendHtml(c, index);
      const key = JSON.stringify(doc);
      let page = drawn.get(slug);
      if (page?.key !== key) {
        const html = legalPageWithTerms(legal, doc, serverRichTextSanitizer());
        if (!html) return sendHtml(c, index);
        page = { key, copies: compressedCopies(Buffer.from(html)) };
        drawn.set(slug, page);
      }
      return sendHtml(c, page.copies);
    });
  }
  app.get('*', (c) => sendHtml(c, index));
}

function readPage(root: string, name: string): string | undefined {
  const path = join(root, PRERENDERED_DIR, name);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

function sendHtml(c: Context, copies: Copies, vary = 'Accept-Encoding') {
  c.header('Content-Type', 'text/html; charset=UTF-8');
  c.header('Vary', vary);
  const encoding = preferredEncoding(c.req.header('Accept-Encoding'));
  if (encoding) c.header('Content-Encoding', encoding);
  return c.body(copies[encoding ?? 'identity']);
}

/** Sets Cache-Control on a successful answer (serveStatic's own hook runs too late to add headers). */
function cacheControl(value: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', value);
  };
}

/** `fast` for a page compressed on each request: a lighter Brotli setting, nearly as small. */
function compressedCopies(bytes: Buffer, { fast = false } = {}): Copies {
  return {
    identity: new Uint8Array(bytes),
    br: new Uint8Array(
      brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: fast ? 5 : 11 } }),
    ),
    gzip: new Uint8Array(gzipSync(bytes, { level: fast ? 6 : 9 })),
  };
}
