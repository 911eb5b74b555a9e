/** The HTTP application: security headers, limits, the API routes and the built web app. */

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { classifyDatabaseError } from '../db/dbErrors.ts';
import type { ServiceContext } from '../services/context.ts';
import { ServiceError } from '../services/serviceError.ts';
import { API_ROUTES } from './apiRoutes.ts';
import { type AuthVariables, CallerCache } from './callerAuth.ts';
import { mountRoutes, rawBodyPathTest } from './defineRoute.ts';
import { answerForDatabaseFailure, answerForServiceError, type ErrorAnswer } from './errors.ts';
import { drainUnreadBody, limitBody } from './requestBody.ts';
import { refuse } from './respond.ts';
import { calendarFeedNotFound } from './routes/calendarRoutes.ts';
import { oidcRoutes } from './routes/oidcRoutes.ts';
import { sameOrigin } from './sameOrigin.ts';
import { refuseNulInUrl } from './urlGuard.ts';
import { MAX_JSON_BYTES } from './validate.ts';
import { mountWebApp } from './webApp.ts';

const GOOGLE_MAPS_SCRIPTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];

export function createApp(ctx: ServiceContext) {
  const cache = new CallerCache(ctx.config.limits);
  const app = new Hono<{ Variables: AuthVariables }>();

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          "'wasm-unsafe-eval'",
          // The Google Maps script and what it loads, only when the app is built with a key.
          ...(ctx.config.googleMapsScript ? GOOGLE_MAPS_SCRIPTS : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      xContentTypeOptions: true,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      strictTransportSecurity: ctx.config.secureCookies ? 'max-age=31536000; includeSubDomains' : false,
    }),
  );
  const jsonLimit = limitBody({
    maxSize: MAX_JSON_BYTES,
    message: 'The request body is larger than 1 MB. Send fewer records at a time.',
  });
  // First, so whatever answers early (a limit, a refusal) is read by a client still sending.
  app.use('/api/*', drainUnreadBody());
  app.use('/api/*', sameOrigin());
  app.use('/api/*', refuseNulInUrl);
  // File uploads (routes declaring a raw body: media files, the base map archive) carry raw bytes
  // under their own, larger limit.
  const rawBodyPaths = rawBodyPathTest(API_ROUTES);
  app.use('/api/*', (c, next) => (rawBodyPaths(c.req.path) ? next() : jsonLimit(c, next)));
  app.use('/api/*', async (c, next) => {
    await next();
    // Set on the answer's own headers: `c.header` on a finished answer would copy its whole body
    // into a new Response (and stream it out again).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // Every API route, declared once (apiRoutes.ts), each with its own sign-in and checks.
  mountRoutes(app, { ctx, cache, routes: API_ROUTES });
  // The public calendar feed answers any other address under it in its own plain text.
  app.all('/api/calendar/*', calendarFeedNotFound);

  app.all('/api/*', (c) => refuse(c, `No API endpoint ${c.req.method} ${c.req.path}.`, 404));

  // Third-party sign-in's browser addresses exist only when it is configured (else the app's 404).
  if (ctx.config.oidc) app.route('/auth/oidc', oidcRoutes(ctx));

  if (ctx.config.staticDir && existsSync(join(ctx.config.staticDir, 'index.html'))) {
    mountWebApp(app, resolve(ctx.config.staticDir), ctx);
  }

  app.onError((err, c) => {
    const send = ({ status, message, retryAfterSeconds }: ErrorAnswer) => {
      if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
      return refuse(c, message, status);
    };
    if (err instanceof ServiceError) return send(answerForServiceError(err));
    // A database error caused by the input or the database's state (drizzle wraps the driver's as `cause`).
    const failure = classifyDatabaseError(err);
    const answer = failure && answerForDatabaseFailure(failure);
    if (answer) {
      if (failure?.kind === 'unavailable')
        console.error(`${c.req.method} ${c.req.path} failed for now:`, err);
      return send(answer);
    }
    console.error(`${c.req.method} ${c.req.path} failed:`, err);
    return refuse(
      c,
      'Something went wrong on our side. Try again; if it keeps failing, tell your admin.',
      500,
    );
  });
  app.notFound((c) => refuse(c, `Not found: ${c.req.path}`, 404));

  return app;
}
