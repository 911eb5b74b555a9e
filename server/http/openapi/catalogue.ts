/**
 * The route catalogue: every operation of the public API, the source of the OpenAPI document
 * (document.ts). Request bodies and queries name the same shared zod schemas the routes validate
 * with, so the document cannot drift from what the server accepts; the contract test
 * (tests/integration/openapi.contract.test.ts) keeps the list equal to the routes the app registers.
 */
import { z } from 'zod';
import { apiKeyAddSchema, apiKeySchema, newApiKeySchema } from '../../../src/domain/apiKeys.ts';
import { acceptTermsSchema, loginSchema, termsPublishSchema } from '../../../src/domain/schemas/auth.ts';
import { FEED_TOKEN, feedStateSchema, newFeedSchema } from '../../../src/domain/schemas/calendarFeed.ts';
import { uuidSchema } from '../../../src/domain/schemas/common.ts';
import { cardQuerySchema, dashCardsRequestSchema } from '../../../src/domain/schemas/dashboard.ts';
import {
  addIntegrationSchema,
  callbackSchema,
  connectionSchema,
  connectSchema,
  disconnectAnswerSchema,
  idBodySchema,
  providerAddSchema,
  providerEditSchema,
  providerSchema,
} from '../../../src/domain/schemas/integrations.ts';
import { interfaceEditSchema, interfaceQuerySchema } from '../../../src/domain/schemas/interfaces.ts';
import { inviteAcceptSchema } from '../../../src/domain/schemas/invite.ts';
import { fieldTimeQuerySchema } from '../../../src/domain/schemas/knocks.ts';
import { leadAddSchema, leadEditSchema, leadQuerySchema } from '../../../src/domain/schemas/lead.ts';
import { errorLogSchema, sessionRegisterSchema } from '../../../src/domain/schemas/logging.ts';
import { notificationQuerySchema, notificationReadSchema } from '../../../src/domain/schemas/notification.ts';
import { pathQuerySchema } from '../../../src/domain/schemas/paths.ts';
import { roleAddSchema, roleDeleteSchema, roleEditSchema } from '../../../src/domain/schemas/roles.ts';
import { logsPushSchema, pullQuerySchema, pushSchema } from '../../../src/domain/schemas/sync.ts';
import {
  userAddSchema,
  userEditSchema,
  userMetaQuerySchema,
  userQuerySchema,
} from '../../../src/domain/schemas/user.ts';
import { userActivityQuerySchema, userPhotoSchema } from '../../../src/domain/schemas/userProfile.ts';
import { webhookEndpointCreateSchema, webhookEndpointEditSchema } from '../../../src/domain/webhooks.ts';

/**
 * Request bodies, by the name they carry in `components.schemas`. Each is the schema its route
 * passes to `readJson`.
 */
export const BODY_SCHEMAS = {
  Login: loginSchema,
  InviteAccept: inviteAcceptSchema,
  AcceptTerms: acceptTermsSchema,
  TermsPublish: termsPublishSchema,
  LeadAdd: leadAddSchema,
  LeadEdit: leadEditSchema,
  UserAdd: userAddSchema,
  UserEdit: userEditSchema,
  UserPhoto: userPhotoSchema,
  DashCardsRequest: dashCardsRequestSchema,
  NotificationRead: notificationReadSchema,
  InterfaceEdit: interfaceEditSchema,
  SessionRegister: sessionRegisterSchema,
  ErrorLog: errorLogSchema,
  SyncPush: pushSchema,
  LogsPush: logsPushSchema,
  RoleAdd: roleAddSchema,
  RoleEdit: roleEditSchema,
  RoleDelete: roleDeleteSchema,
  ProviderAdd: providerAddSchema,
  ProviderEdit: providerEditSchema,
  IntegrationConnect: connectSchema,
  IntegrationCallback: callbackSchema,
  IntegrationId: idBodySchema,
  ApiKeyAdd: apiKeyAddSchema,
  AddIntegration: addIntegrationSchema,
  WebhookEndpointCreate: webhookEndpointCreateSchema,
  WebhookEndpointEdit: webhookEndpointEditSchema,
} satisfies Record<string, z.ZodType>;

export type BodySchemaName = keyof typeof BODY_SCHEMAS;

/** The terms route reads `org` by hand: a positive whole number, the default org when absent. */
const termsQuerySchema = z.object({
  org: z.string().regex(/^\d+$/).optional().describe('The org whose terms to show (default: the first org).'),
});
/** The media routes read `thumb` by hand: `1` for the thumbnail. */
const thumbQuerySchema = z.object({
  thumb: z.enum(['0', '1']).optional().describe('`1` for the thumbnail rather than the file itself.'),
});
const mediaIdSchema = z.object({ id: uuidSchema.describe('The id of the media record.') });
const feedTokenSchema = z.object({
  token: z.string().regex(FEED_TOKEN).describe('The secret token of the feed address.'),
});

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** How a request body is sent when it is not JSON. */
export interface RawBody {
  contentTypes: string[];
  description: string;
}

export interface Operation {
  method: Method;
  /** The path in OpenAPI form: `/api/v2/media/{id}/content`. */
  path: string;
  /** The route's own path in OpenAPI form, when the document shows a finer one (`{file}` for `{token}.ics`). */
  route?: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** `session`: a session cookie or bearer token; `public`: anyone. */
  auth: 'session' | 'public';
  query?: z.ZodType;
  pathParams?: z.ZodType;
  /** A JSON body checked by this schema. */
  body?: BodySchemaName;
  rawBody?: RawBody;
  /**
   * The success answer: its status and what it holds besides `success: true` — in words, and as a
   * schema where a shared one describes it.
   */
  success: { status: 200 | 201; description: string; schema?: z.ZodType };
  /** A success answer that is not the JSON envelope (files, event streams, pages). */
  successContent?: { contentType: string; description: string };
}

export const TAGS: { name: string; description: string }[] = [
  { name: 'Service', description: 'Health of the server and this API document.' },
  { name: 'Auth', description: 'Sign-in, sessions, invites and the terms of service.' },
  { name: 'Leads', description: 'Leads (contacts) of the org.' },
  { name: 'Users', description: 'People of the org and their profiles.' },
  { name: 'Orgs', description: 'Orgs the caller may act in.' },
  { name: 'Roles', description: 'The org’s named roles and what they grant.' },
  { name: 'Dashboard', description: 'The dashboard’s cards.' },
  { name: 'Notifications', description: 'The caller’s notifications.' },
  { name: 'Interfaces', description: 'Org-wide settings stored as interface documents.' },
  { name: 'Sync', description: 'Offline-first sync: pushing changes, pulling updates, live pokes.' },
  { name: 'Field', description: 'Knocks, tracked paths and time in the field.' },
  { name: 'Calendar', description: 'A user’s calendar feed: a secret ICS address of their appointments.' },
  { name: 'Media', description: 'Files attached to leads.' },
  {
    name: 'Integrations',
    description: 'OAuth 2 providers, each user’s connections to them, and the org’s API keys.',
  },
  { name: 'Logging', description: 'Device sessions and error reports.' },
  {
    name: 'Automations',
    description:
      'Automations’ run logs and the org’s outgoing webhooks (admins); automations are saved through sync.',
  },
];

const automationIdSchema = z.object({ id: uuidSchema.describe('The id of the automation.') });
const webhookIdSchema = z.object({ id: uuidSchema.describe('The id of the webhook endpoint.') });

export const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    summary: 'Check that the server and its database answer',
    tag: 'Service',
    auth: 'public',
    success: { status: 200, description: 'The server and its database are up.' },
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    summary: 'This OpenAPI 3.1 document',
    tag: 'Service',
    auth: 'public',
    success: { status: 200, description: 'The document.' },
    successContent: { contentType: 'application/json', description: 'The OpenAPI 3.1 document.' },
  },
  {
    method: 'get',
    path: '/api/docs',
    operationId: 'getApiReference',
    summary: 'The API reference page, drawn from this document',
    tag: 'Service',
    auth: 'public',
    success: { status: 200, description: 'The page.' },
    successContent: { contentType: 'text/html', description: 'An HTML page listing every operation.' },
  },
  {
    method: 'post',
    path: '/api/v2/auth/login',
    operationId: 'login',
    summary: 'Sign in with email and password',
    description: 'Sets the session cookie and answers the token for bearer use.',
    tag: 'Auth',
    auth: 'public',
    body: 'Login',
    success: {
      status: 200,
      description: '`token`, `expires_at` and the signed-in user with their org, roles and permissions.',
    },
  },
  {
    method: 'post',
    path: '/api/v2/auth/logout',
    operationId: 'logout',
    summary: 'Sign out: end the session and clear its cookie',
    description: 'Answers success with or without a session.',
    tag: 'Auth',
    auth: 'public',
    success: { status: 200, description: 'The session, if any, has ended.' },
  },
  {
    method: 'post',
    path: '/api/v2/auth/validate',
    operationId: 'validateSession',
    summary: 'Check a session and read who it belongs to',
    description: 'Answers 401 with `active: false` when the session is missing, expired or revoked.',
    tag: 'Auth',
    auth: 'session',
    success: {
      status: 200,
      description: '`active: true` and the signed-in user with their org, roles and permissions.',
    },
  },
  {
    method: 'post',
    path: '/api/v2/auth/invite',
    operationId: 'acceptInvite',
    summary: 'Set a password from an invite link',
    tag: 'Auth',
    auth: 'public',
    body: 'InviteAccept',
    success: { status: 200, description: 'The email to sign in with.' },
  },
  {
    method: 'post',
    path: '/api/v2/auth/accept',
    operationId: 'acceptTerms',
    summary: 'Accept a version of the terms of service',
    tag: 'Auth',
    auth: 'session',
    body: 'AcceptTerms',
    success: { status: 200, description: '`terms_accepted`: the version accepted.' },
  },
  {
    method: 'get',
    path: '/api/v2/legal/terms',
    operationId: 'getTerms',
    summary: 'Read the terms of service in force',
    tag: 'Auth',
    auth: 'public',
    query: termsQuerySchema,
    success: {
      status: 200,
      description: 'The version, title, content (sanitized HTML) and publication date.',
    },
  },
  {
    method: 'post',
    path: '/api/v2/legal/terms',
    operationId: 'publishTerms',
    summary: 'Publish a new version of the terms (admins)',
    tag: 'Auth',
    auth: 'session',
    body: 'TermsPublish',
    success: { status: 200, description: 'The published terms.' },
  },
  {
    method: 'get',
    path: '/api/v2/orgs/list',
    operationId: 'listOrgs',
    summary: 'List the orgs the caller may act in',
    tag: 'Orgs',
    auth: 'session',
    success: { status: 200, description: '`data`: the orgs.' },
  },
  {
    method: 'get',
    path: '/api/v2/leads/get',
    operationId: 'getLeads',
    summary: 'Search and page through leads',
    description: '`filters` holds JSON: the lead filters.',
    tag: 'Leads',
    auth: 'session',
    query: leadQuerySchema,
    success: {
      status: 200,
      description:
        '`data`: the leads the caller may see, `count`, and `next_after` (the id to page after, or null).',
    },
  },
  {
    method: 'post',
    path: '/api/v2/leads/add',
    operationId: 'addLead',
    summary: 'Add a lead',
    tag: 'Leads',
    auth: 'session',
    body: 'LeadAdd',
    success: { status: 201, description: '`data`: the lead as stored.' },
  },
  {
    method: 'post',
    path: '/api/v2/leads/edit',
    operationId: 'editLead',
    summary: 'Change fields of a lead',
    tag: 'Leads',
    auth: 'session',
    body: 'LeadEdit',
    success: { status: 200, description: '`data`: the lead as stored.' },
  },
  {
    method: 'get',
    path: '/api/v2/users/get',
    operationId: 'getUsers',
    summary: 'Search the org’s users',
    tag: 'Users',
    auth: 'session',
    query: userQuerySchema,
    success: { status: 200, description: '`data`: the users.' },
  },
  {
    method: 'post',
    path: '/api/v2/users/add',
    operationId: 'addUser',
    summary: 'Add a user and create their invite (admins)',
    tag: 'Users',
    auth: 'session',
    body: 'UserAdd',
    success: {
      status: 201,
      description: '`data`: the user; `invite_token`: answered this once, for the invite link.',
    },
  },
  {
    method: 'post',
    path: '/api/v2/users/edit',
    operationId: 'editUser',
    summary: 'Change a user’s profile, roles, teams or activity',
    tag: 'Users',
    auth: 'session',
    body: 'UserEdit',
    success: { status: 200, description: '`data`: the user as stored.' },
  },
  {
    method: 'get',
    path: '/api/v2/users/activity',
    operationId: 'getUserActivity',
    summary: 'Read a user’s recent activity',
    tag: 'Users',
    auth: 'session',
    query: userActivityQuerySchema,
    success: { status: 200, description: '`data`: the activity.' },
  },
  {
    method: 'post',
    path: '/api/v2/users/pfp',
    operationId: 'setUserPhoto',
    summary: 'Set a user’s profile picture from an uploaded media record',
    tag: 'Users',
    auth: 'session',
    body: 'UserPhoto',
    success: { status: 200, description: '`data`: the user’s new picture.' },
  },
  {
    method: 'get',
    path: '/api/users/meta',
    operationId: 'getUsersMeta',
    summary: 'Names and pictures of users, for showing who did something',
    tag: 'Users',
    auth: 'session',
    query: userMetaQuerySchema,
    success: { status: 200, description: '`data`: name and picture of each user found.' },
  },
  {
    method: 'get',
    path: '/api/v2/roles/get',
    operationId: 'listRoles',
    summary: 'List the org’s roles (admins)',
    tag: 'Roles',
    auth: 'session',
    success: { status: 200, description: '`data`: the roles with their permissions.' },
  },
  {
    method: 'post',
    path: '/api/v2/roles/add',
    operationId: 'addRole',
    summary: 'Add a role (admins)',
    tag: 'Roles',
    auth: 'session',
    body: 'RoleAdd',
    success: { status: 201, description: '`data`: the role as stored.' },
  },
  {
    method: 'post',
    path: '/api/v2/roles/edit',
    operationId: 'editRole',
    summary: 'Rename a role or change what it grants (admins)',
    tag: 'Roles',
    auth: 'session',
    body: 'RoleEdit',
    success: { status: 200, description: '`data`: the role as stored.' },
  },
  {
    method: 'post',
    path: '/api/v2/roles/delete',
    operationId: 'deleteRole',
    summary: 'Delete a role (admins)',
    tag: 'Roles',
    auth: 'session',
    body: 'RoleDelete',
    success: { status: 200, description: '`data`: the deleted role.' },
  },
  {
    method: 'post',
    path: '/api/ls_leads_get_dash_cards',
    operationId: 'getDashCards',
    summary: 'Read dashboard cards by id',
    tag: 'Dashboard',
    auth: 'session',
    body: 'DashCardsRequest',
    success: { status: 200, description: 'The cards with their figures.' },
  },
  {
    method: 'get',
    path: '/api/get_card',
    operationId: 'getCard',
    summary: 'Read one dashboard card',
    tag: 'Dashboard',
    auth: 'session',
    query: cardQuerySchema,
    success: { status: 200, description: 'The card with its figures.' },
  },
  {
    method: 'get',
    path: '/api/v2/notifications/get',
    operationId: 'getNotifications',
    summary: 'Page through the caller’s notifications',
    tag: 'Notifications',
    auth: 'session',
    query: notificationQuerySchema,
    success: { status: 200, description: 'The notifications of the page and the unread count.' },
  },
  {
    method: 'post',
    path: '/api/v2/notifications/read',
    operationId: 'markNotificationsRead',
    summary: 'Mark notifications read',
    tag: 'Notifications',
    auth: 'session',
    body: 'NotificationRead',
    success: { status: 200, description: '`updated`: how many were marked.' },
  },
  {
    method: 'get',
    path: '/api/v2/interfaces/get',
    operationId: 'getInterface',
    summary: 'Read an interface document (org-wide setting) by key',
    tag: 'Interfaces',
    auth: 'session',
    query: interfaceQuerySchema,
    success: { status: 200, description: 'The document.' },
  },
  {
    method: 'post',
    path: '/api/v2/interfaces/edit',
    operationId: 'editInterface',
    summary: 'Save an interface document (admins)',
    tag: 'Interfaces',
    auth: 'session',
    body: 'InterfaceEdit',
    success: { status: 200, description: 'The document as stored.' },
  },
  {
    method: 'post',
    path: '/api/v2/notion/session',
    operationId: 'registerSession',
    summary: 'Register a device session and its fingerprint',
    tag: 'Logging',
    auth: 'session',
    body: 'SessionRegister',
    success: { status: 200, description: '`body`: the stored session.' },
  },
  {
    method: 'post',
    path: '/api/v2/notion/log',
    operationId: 'logError',
    summary: 'Report an error seen on a device',
    tag: 'Logging',
    auth: 'session',
    body: 'ErrorLog',
    success: { status: 201, description: 'The report is stored.' },
  },
  {
    method: 'post',
    path: '/api/v2/sync/push',
    operationId: 'syncPush',
    summary: 'Push a device’s queued mutations',
    description:
      'Each mutation is applied or rejected on its own; a rejected one never holds up those behind it.',
    tag: 'Sync',
    auth: 'session',
    body: 'SyncPush',
    success: {
      status: 200,
      description: 'The outcome of each mutation (applied, or rejected with a reason).',
    },
  },
  {
    method: 'get',
    path: '/api/v2/sync/pull',
    operationId: 'syncPull',
    summary: 'Pull the changes after a cursor',
    tag: 'Sync',
    auth: 'session',
    query: pullQuerySchema,
    success: { status: 200, description: 'The changes after the cursor and the cursor to pull from next.' },
  },
  {
    method: 'post',
    path: '/api/v2/sync/logs',
    operationId: 'syncLogs',
    summary: 'Upload a device’s sessions, events, errors and tracked paths',
    tag: 'Sync',
    auth: 'session',
    body: 'LogsPush',
    success: { status: 200, description: 'What was stored.' },
  },
  {
    method: 'get',
    path: '/api/v2/events/stream',
    operationId: 'eventStream',
    summary: 'Hear when the org has something newer to pull',
    description:
      'Server-sent events: `event: poke` with data `{"version": N}`; a comment every 25 s keeps the stream open. The stream ends after 30 minutes and the device opens a new one.',
    tag: 'Sync',
    auth: 'session',
    success: { status: 200, description: 'The event stream.' },
    successContent: {
      contentType: 'text/event-stream',
      description: 'Pokes naming the org’s newest version.',
    },
  },
  {
    method: 'get',
    path: '/api/v2/paths/get',
    operationId: 'getPaths',
    summary: 'Read the paths users walked on a day',
    tag: 'Field',
    auth: 'session',
    query: pathQuerySchema,
    success: { status: 200, description: 'The paths with their points.' },
  },
  {
    method: 'get',
    path: '/api/v2/knocks/field-time',
    operationId: 'getFieldTime',
    summary: 'Time in the field per user, from their tracked paths',
    tag: 'Field',
    auth: 'session',
    query: fieldTimeQuerySchema,
    success: { status: 200, description: '`times`: time in the field per user.' },
  },
  {
    method: 'get',
    path: '/api/v2/calendar/feed',
    operationId: 'getCalendarFeed',
    summary: 'Whether the caller has an active calendar feed',
    description: 'The feed’s address itself is answered only once, when it is made.',
    tag: 'Calendar',
    auth: 'session',
    success: { status: 200, description: '`active` and `created_at`.', schema: feedStateSchema },
  },
  {
    method: 'post',
    path: '/api/v2/calendar/feed',
    operationId: 'createCalendarFeed',
    summary: 'Make a new calendar feed address (turning off the previous one)',
    tag: 'Calendar',
    auth: 'session',
    success: {
      status: 201,
      description: '`url`: the feed’s secret address, answered this once; `active` and `created_at`.',
      schema: newFeedSchema,
    },
  },
  {
    method: 'delete',
    path: '/api/v2/calendar/feed',
    operationId: 'revokeCalendarFeed',
    summary: 'Turn off the caller’s calendar feed',
    tag: 'Calendar',
    auth: 'session',
    success: { status: 200, description: '`active: false`.', schema: feedStateSchema },
  },
  {
    method: 'get',
    path: '/api/calendar/{token}.ics',
    route: '/api/calendar/{id}',
    operationId: 'getCalendarFeedFile',
    summary: 'The calendar feed a calendar app subscribes to',
    description:
      'The secret token is the only key: no session, no cookies read. An unknown or turned-off feed answers 404 with a plain-text explanation.',
    tag: 'Calendar',
    auth: 'public',
    pathParams: feedTokenSchema,
    success: { status: 200, description: 'The feed.' },
    successContent: { contentType: 'text/calendar', description: 'The user’s appointments as iCalendar.' },
  },
  {
    method: 'put',
    path: '/api/v2/media/{id}/content',
    operationId: 'putMediaContent',
    summary: 'Upload the bytes of a media record (or its thumbnail)',
    description: 'At most 15 MB. The Content-Type header names the file’s type.',
    tag: 'Media',
    auth: 'session',
    pathParams: mediaIdSchema,
    query: thumbQuerySchema,
    rawBody: {
      contentTypes: ['image/*', 'application/pdf', 'application/octet-stream'],
      description: 'The file’s bytes.',
    },
    success: { status: 200, description: '`id`, `url` and `size` of the stored file.' },
  },
  {
    method: 'get',
    path: '/api/v2/media/{id}/content',
    operationId: 'getMediaContent',
    summary: 'Download the bytes of a media record (or its thumbnail)',
    tag: 'Media',
    auth: 'session',
    pathParams: mediaIdSchema,
    query: thumbQuerySchema,
    success: { status: 200, description: 'The file.' },
    successContent: {
      contentType: 'application/octet-stream',
      description: 'The file’s bytes, with its own Content-Type.',
    },
  },
  {
    method: 'get',
    path: '/api/v2/integrations/providers',
    operationId: 'listIntegrationProviders',
    summary: 'The org’s OAuth 2 providers',
    description:
      'Admins get every provider with its settings (the client secret only as `client_secret_set`); everyone else the enabled ones (`id`, `key`, `name`, `scopes`).',
    tag: 'Integrations',
    auth: 'session',
    success: {
      status: 200,
      description: '`data`: the providers.',
      schema: z.object({ data: z.array(providerSchema) }),
    },
  },
  {
    method: 'post',
    path: '/api/v2/integrations/providers/add',
    operationId: 'addIntegrationProvider',
    summary: 'Set up an OAuth 2 provider (admins)',
    tag: 'Integrations',
    auth: 'session',
    body: 'ProviderAdd',
    success: {
      status: 201,
      description: '`data`: the provider.',
      schema: z.object({ data: providerSchema }),
    },
  },
  {
    method: 'post',
    path: '/api/v2/integrations/providers/edit',
    operationId: 'editIntegrationProvider',
    summary: 'Change an OAuth 2 provider (admins)',
    description: 'A field left out stays; `client_secret` null or empty clears the secret.',
    tag: 'Integrations',
    auth: 'session',
    body: 'ProviderEdit',
    success: {
      status: 200,
      description: '`data`: the provider.',
      schema: z.object({ data: providerSchema }),
    },
  },
  {
    method: 'post',
    path: '/api/v2/integrations/providers/delete',
    operationId: 'deleteIntegrationProvider',
    summary: 'Delete an OAuth 2 provider and the connections made through it (admins)',
    tag: 'Integrations',
    auth: 'session',
    body: 'IntegrationId',
    success: { status: 200, description: '`id` of the deleted provider.' },
  },
  {
    method: 'get',
    path: '/api/v2/integrations/list',
    operationId: 'listIntegrations',
    summary: 'The caller’s connections (never their tokens)',
    tag: 'Integrations',
    auth: 'session',
    success: {
      status: 200,
      description: '`data`: status, scopes, when connected and when the token expires.',
      schema: z.object({ data: z.array(connectionSchema) }),
    },
  },
  {
    method: 'post',
    path: '/api/v2/integrations/connect',
    operationId: 'connectIntegration',
    summary: 'Start connecting to a provider',
    description:
      'Makes a state and a PKCE (S256) verifier that live 10 minutes and answers the provider’s authorization address, whose redirect address is this server’s `/settings/integrations/callback`.',
    tag: 'Integrations',
    auth: 'session',
    body: 'IntegrationConnect',
    success: { status: 200, description: '`url`: where to send the user; `expires_at`.' },
  },
  {
    method: 'post',
    path: '/api/v2/integrations/callback',
    operationId: 'finishIntegration',
    summary: 'Finish connecting with the code and state the provider sent back',
    description:
      'The state is used once, by the user who started, within 10 minutes; the code is swapped with its verifier and the tokens kept sealed on the server.',
    tag: 'Integrations',
    auth: 'session',
    body: 'IntegrationCallback',
    success: {
      status: 200,
      description: '`data`: the connection.',
      schema: z.object({ data: connectionSchema }),
    },
  },
  {
    method: 'post',
    path: '/api/v2/integrations/disconnect',
    operationId: 'disconnectIntegration',
    summary: 'Disconnect: revoke at the provider when it can, and remove the tokens',
    tag: 'Integrations',
    auth: 'session',
    body: 'IntegrationId',
    success: {
      status: 200,
      description: '`revoked`: whether the provider took the token back; `revoke_error` when it could not.',
      schema: disconnectAnswerSchema,
    },
  },
  {
    method: 'get',
    path: '/api/v2/api-keys/list',
    operationId: 'listApiKeys',
    summary: 'The org’s API keys (admins; never the keys themselves)',
    tag: 'Integrations',
    auth: 'session',
    success: {
      status: 200,
      description: '`data`: the keys.',
      schema: z.object({ data: z.array(apiKeySchema) }),
    },
  },
  {
    method: 'post',
    path: '/api/v2/api-keys/add',
    operationId: 'addApiKey',
    summary: 'Make an API key with scopes (admins)',
    description: 'The answer’s `data.key` is the only time the key is shown.',
    tag: 'Integrations',
    auth: 'session',
    body: 'ApiKeyAdd',
    success: {
      status: 201,
      description: '`data`: the key, with `key`.',
      schema: z.object({ data: newApiKeySchema }),
    },
  },
  {
    method: 'post',
    path: '/api/v2/api-keys/revoke',
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key (admins)',
    tag: 'Integrations',
    auth: 'session',
    body: 'IntegrationId',
    success: {
      status: 200,
      description: '`data`: the key, with `revoked_at`.',
      schema: z.object({ data: apiKeySchema }),
    },
  },
  {
    method: 'post',
    path: '/api/add_integration',
    operationId: 'addIntegrationValue',
    summary: 'Record what a rep is known as in another system (legacy data service)',
    description:
      '`data`: the kind (or `{kind, name}`); `rep_id`: the rep’s id or numeric id; `value`: e.g. their account id there. Adding again replaces the value. Reps record their own; admins anyone’s. Without a session cookie or `Authorization` header, the body’s `auth_token` (a session token) signs the request in.',
    tag: 'Integrations',
    auth: 'session',
    body: 'AddIntegration',
    success: { status: 200, description: '`data`: `_id`, `kind`, `name`, `value`, `user_id`.' },
  },
  {
    method: 'get',
    path: '/api/fetch_automations',
    operationId: 'fetchAutomations',
    summary: 'The org’s automations (legacy data service; admins)',
    tag: 'Automations',
    auth: 'session',
    success: {
      status: 200,
      description: '`data`: each automation’s name, enabled, trigger, conditions and actions.',
    },
  },
  {
    method: 'get',
    path: '/api/v2/automations/runs/latest',
    operationId: 'lastAutomationRuns',
    summary: 'The last run of each automation (admins)',
    tag: 'Automations',
    auth: 'session',
    success: {
      status: 200,
      description: '`data`: `automation_id`, `status`, `started_at`, `finished_at`, `error`.',
    },
  },
  {
    method: 'get',
    path: '/api/v2/automations/{id}/runs',
    operationId: 'automationRunLog',
    summary: 'An automation’s run log, newest first (admins)',
    tag: 'Automations',
    auth: 'session',
    pathParams: automationIdSchema,
    success: {
      status: 200,
      description: '`data`: when, which record, each action’s result (`steps`), the error and attempts.',
    },
  },
  {
    method: 'get',
    path: '/api/v2/webhooks',
    operationId: 'listWebhookEndpoints',
    summary: 'The org’s webhook endpoints (admins; never their secrets)',
    tag: 'Automations',
    auth: 'session',
    success: { status: 200, description: '`data`: the endpoints.' },
  },
  {
    method: 'post',
    path: '/api/v2/webhooks',
    operationId: 'createWebhookEndpoint',
    summary: 'Add a webhook endpoint (admins)',
    description:
      'Messages are signed per the Standard Webhooks spec. The answer’s `secret` (`whsec_…`) is the only time it is shown.',
    tag: 'Automations',
    auth: 'session',
    body: 'WebhookEndpointCreate',
    success: { status: 201, description: '`data`: the endpoint; `secret`: its signing secret.' },
  },
  {
    method: 'patch',
    path: '/api/v2/webhooks/{id}',
    operationId: 'editWebhookEndpoint',
    summary: 'Change a webhook endpoint (admins)',
    tag: 'Automations',
    auth: 'session',
    pathParams: webhookIdSchema,
    body: 'WebhookEndpointEdit',
    success: { status: 200, description: '`data`: the endpoint.' },
  },
  {
    method: 'delete',
    path: '/api/v2/webhooks/{id}',
    operationId: 'deleteWebhookEndpoint',
    summary: 'Delete a webhook endpoint (admins)',
    tag: 'Automations',
    auth: 'session',
    pathParams: webhookIdSchema,
    success: { status: 200, description: '`data`: `_id` and `deleted`.' },
  },
  {
    method: 'post',
    path: '/api/v2/webhooks/{id}/rotate',
    operationId: 'rotateWebhookSecret',
    summary: 'Give a webhook endpoint a new signing secret (admins)',
    description:
      'The old secret stops signing at once; the answer’s `secret` is the only time the new one is shown.',
    tag: 'Automations',
    auth: 'session',
    pathParams: webhookIdSchema,
    success: { status: 200, description: '`data`: the endpoint; `secret`: its new signing secret.' },
  },
  {
    method: 'get',
    path: '/api/v2/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'A webhook endpoint’s delivery log, newest first (admins)',
    tag: 'Automations',
    auth: 'session',
    pathParams: webhookIdSchema,
    success: {
      status: 200,
      description: '`data`: each message’s event type, status, attempts, last answer and error.',
    },
  },
];
