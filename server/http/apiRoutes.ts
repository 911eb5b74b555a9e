/**
 * The registry of the API: every route the server serves under `/api/`, each declared once with
 * defineRoute in its area's file. The app mounts these (mountRoutes), the OpenAPI document and its
 * reference page are drawn from them, and the fuzz cases take their schemas from them.
 */
import type { RouteDefinition } from './defineRoute.ts';
import { openApiRoutes } from './openapi/openApiRoutes.ts';
import { activityRoutes } from './routes/activityRoutes.ts';
import { authRoutes } from './routes/authRoutes.ts';
import { automationRoutes } from './routes/automationRoutes.ts';
import { calendarRoutes } from './routes/calendarRoutes.ts';
import { dashboardRoutes } from './routes/dashboardRoutes.ts';
import { emailRoutes } from './routes/emailRoutes.ts';
import { eventRoutes } from './routes/eventRoutes.ts';
import { geocoderRoutes } from './routes/geocoderRoutes.ts';
import { integrationRoutes } from './routes/integrationRoutes.ts';
import { interfaceRoutes } from './routes/interfaceRoutes.ts';
import { knockRoutes } from './routes/knockRoutes.ts';
import { leadRoutes } from './routes/leadRoutes.ts';
import { legacyDataRoutes } from './routes/legacyDataRoutes.ts';
import { loggingRoutes } from './routes/loggingRoutes.ts';
import { mapTileRoutes } from './routes/mapTileRoutes.ts';
import { mediaRoutes } from './routes/mediaRoutes.ts';
import { notificationRoutes } from './routes/notificationRoutes.ts';
import { authOptionRoutes } from './routes/oidcRoutes.ts';
import { orgRoutes } from './routes/orgRoutes.ts';
import { pathRoutes } from './routes/pathRoutes.ts';
import { payRoutes } from './routes/payRoutes.ts';
import { proposalRoutes } from './routes/proposalRoutes.ts';
import { roleRoutes } from './routes/roleRoutes.ts';
import { routeRuleRoutes } from './routes/routeRuleRoutes.ts';
import { serviceRoutes } from './routes/serviceRoutes.ts';
import { sessionRoutes } from './routes/sessionRoutes.ts';
import { syncRoutes } from './routes/syncRoutes.ts';
import { turfRoutes } from './routes/turfRoutes.ts';
import { userConfigRoutes } from './routes/userConfigRoutes.ts';
import { userRoutes } from './routes/userRoutes.ts';
import { walkRulesRoutes } from './routes/walkRulesRoutes.ts';

export const API_ROUTES: readonly RouteDefinition[] = [
  ...serviceRoutes,
  ...openApiRoutes,
  ...routeRuleRoutes,
  ...authRoutes,
  ...authOptionRoutes,
  ...orgRoutes,
  ...leadRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...turfRoutes,
  ...dashboardRoutes,
  ...notificationRoutes,
  ...interfaceRoutes,
  ...loggingRoutes,
  ...sessionRoutes,
  ...syncRoutes,
  ...eventRoutes,
  ...pathRoutes,
  ...knockRoutes,
  ...calendarRoutes,
  ...mediaRoutes,
  ...proposalRoutes,
  ...emailRoutes,
  ...mapTileRoutes,
  ...geocoderRoutes,
  ...integrationRoutes,
  ...automationRoutes,
  ...legacyDataRoutes,
  ...activityRoutes,
  ...userConfigRoutes,
  ...payRoutes,
  ...walkRulesRoutes,
];
