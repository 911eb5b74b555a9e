/** The HTTP application: security headers, limits, the API routes and the built web app. */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { ping } from '../db/client.ts';
import { classifyDatabaseError } from '../db/dbErrors.ts';
import type { ServiceContext } from '../services/context.ts';
import { ServiceError } from '../services/serviceError.ts';
import { type AuthVariables, CallerCache, requireCaller } from './callerAuth.ts';
import { answerForDatabaseFailure, answerForServiceError, type ErrorAnswer } from './errors.ts';
import { openApiRoutes } from './openapi/openApiRoutes.ts';
import { drainUnreadBody, limitBody } from './requestBody.ts';
import { activityRoutes, imageRoutes, leadDataRoutes } from './routes/activityRoutes.ts';
import { authRoutes, legalRoutes } from './routes/authRoutes.ts';
import { automationRoutes, legacyAutomationRoutes, webhookRoutes } from './routes/automationRoutes.ts';
import { calendarFeedRoutes, publicCalendarRoutes } from './routes/calendarRoutes.ts';
import { dashboardRoutes } from './routes/dashboardRoutes.ts';
import { eventRoutes } from './routes/eventRoutes.ts';
import { apiKeyRoutes, integrationRoutes, legacyIntegrationRoutes } from './routes/integrationRoutes.ts';
import { interfaceRoutes } from './routes/interfaceRoutes.ts';
import { knockRoutes } from './routes/knockRoutes.ts';
import { leadRoutes } from './routes/leadRoutes.ts';
import { legacyDataRoutes } from './routes/legacyDataRoutes.ts';
import { loggingRoutes } from './routes/loggingRoutes.ts';
import { mapTileRoutes } from './routes/mapTileRoutes.ts';
import { mediaRoutes } from './routes/mediaRoutes.ts';
import { notificationRoutes } from './routes/notificationRoutes.ts';
import { authOptionRoutes, oidcRoutes } from './routes/oidcRoutes.ts';
import { orgRoutes } from './routes/orgRoutes.ts';
import { pathRoutes } from './routes/pathRoutes.ts';
import { roleRoutes } from './routes/roleRoutes.ts';
import { routeRuleRoutes } from './routes/routeRuleRoutes.ts';
import { legacySessionRoutes, sessionRoutes } from './routes/sessionRoutes.ts';
import { syncRoutes } from './routes/syncRoutes.ts';
import { userConfigRoutes, workspaceRoutes } from './routes/userConfigRoutes.ts';
import { userMetaRoutes, userRoutes } from './routes/userRoutes.ts';
import { sameOrigin } from './sameOrigin.ts';
import { refuseNulInUrl } from './urlGuard.ts';
import { MAX_JSON_BYTES } from './validate.ts';
import { mountWebApp } from './webApp.ts';

const MEDIA_CONTENT = /^\/api\/v2\/media\/[^/]+\/content$/;
const GOOGLE_MAPS_SCRIPTS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
/** The org's base map archive is uploaded as raw bytes too, streamed to disk (mapTileRoutes). */
const MAP_TILES_UPLOAD = '/api/v2/map/tiles.pmtiles';

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
  // File uploads carry raw bytes under their own, larger limit (mediaRoutes).
  app.use('/api/*', (c, next) =>
    MEDIA_CONTENT.test(c.req.path) || c.req.path === MAP_TILES_UPLOAD ? next() : jsonLimit(c, next),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });

  app.get('/api/health', async (c) => {
    await ping(ctx.db);
    return c.json({ success: true });
  });
  // The OpenAPI document and its reference page: public, like the health check.
  app.route('/api', openApiRoutes());
  app.route('/api/v2/auth', authRoutes(ctx, cache));
  app.route('/api/v2/auth', authOptionRoutes(ctx));
  app.route('/api/v2/legal', legalRoutes(ctx, cache));
  // A calendar app reads the feed by its secret address alone: no session, no terms check.
  app.route('/api/calendar', publicCalendarRoutes(ctx));

  const authed = requireCaller(ctx, cache);
  for (const path of [
    '/api/v2/leads/*',
    '/api/v2/users/*',
    '/api/users/*',
    '/api/v2/notifications/*',
    '/api/v2/interfaces/*',
    '/api/v2/notion/*',
    '/api/v2/sync/*',
    '/api/v2/paths/*',
    '/api/v2/knocks/*',
    '/api/v2/media/*',
    '/api/v2/map/*',
    '/api/v2/roles/*',
    '/api/v2/orgs/*',
    '/api/v2/events/*',
    '/api/v2/calendar/*',
    '/api/v2/integrations/*',
    '/api/v2/api-keys/*',
    '/api/v2/automations/*',
    '/api/v2/webhooks/*',
    '/api/v2/activity/*',
    '/api/v2/images/*',
    '/api/v2/leads-data/*',
    '/api/v2/sessions/*',
    '/api/v2/route-rules/*',
    '/api/v2/user-config/*',
    '/api/v2/workspaces/*',
  ]) {
    app.use(path, authed);
  }
  app.route('/api/v2/leads', leadRoutes(ctx));
  app.route('/api/v2/users', userRoutes(ctx, cache));
  app.route('/api/users', userMetaRoutes(ctx));
  app.route('/api/v2/notifications', notificationRoutes(ctx));
  app.route('/api/v2/interfaces', interfaceRoutes(ctx));
  app.route('/api/v2/notion', loggingRoutes(ctx));
  app.route('/api/v2/sync', syncRoutes(ctx, cache));
  app.route('/api/v2/paths', pathRoutes(ctx));
  app.route('/api/v2/knocks', knockRoutes(ctx));
  app.route('/api/v2/media', mediaRoutes(ctx));
  app.route('/api/v2/map', mapTileRoutes(ctx));
  app.route('/api/v2/orgs', orgRoutes(ctx));
  app.route('/api/v2/roles', roleRoutes(ctx, cache));
  app.route('/api/v2/events', eventRoutes(ctx));
  app.route('/api/v2/calendar', calendarFeedRoutes(ctx));
  app.route('/api', dashboardRoutes(ctx, authed));
  app.route('/api/v2/integrations', integrationRoutes(ctx));
  app.route('/api/v2/api-keys', apiKeyRoutes(ctx));
  app.route('/api', legacyIntegrationRoutes(ctx, authed));
  app.route('/api/v2/automations', automationRoutes(ctx));
  app.route('/api/v2/webhooks', webhookRoutes(ctx));
  app.route('/api/v2/user-config', userConfigRoutes(ctx));
  app.route('/api/v2/workspaces', workspaceRoutes(ctx));
  app.route('/api', legacyAutomationRoutes(ctx, authed));
  app.route('/api/v2/sessions', sessionRoutes(ctx));
  app.route('/api/v2/route-rules', routeRuleRoutes(ctx));
  app.route('/api', legacySessionRoutes(ctx, authed));
  app.route('/api', legacyDataRoutes(ctx, authed, cache));
  app.route('/api/v2/activity', activityRoutes(ctx));
  app.route('/api/v2/images', imageRoutes(ctx));
  app.route('/api/v2/leads-data', leadDataRoutes(ctx));

  app.all('/api/*', (c) =>
    c.json({ success: false, message: `No API endpoint ${c.req.method} ${c.req.path}.` }, 404),
  );

  // Third-party sign-in's browser addresses exist only when it is configured (else the app's 404).
  if (ctx.config.oidc) app.route('/auth/oidc', oidcRoutes(ctx));

  if (ctx.config.staticDir && existsSync(join(ctx.config.staticDir, 'index.html'))) {
    mountWebApp(app, resolve(ctx.config.staticDir), ctx);
  }

  app.onError((err, c) => {
    const send = ({ status, message, retryAfterSeconds }: ErrorAnswer) => {
      if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
      return c.json({ success: false, message }, status);
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
    return c.json(
      {
        success: false,
        message: 'Something went wrong on our side. Try again; if it keeps failing, tell your admin.',
      },
      500,
    );
  });
  app.notFound((c) => c.json({ success: false, message: `Not found: ${c.req.path}` }, 404));

  return app;
}
