/** Automations and webhooks screens, for the settings page's sections. */
export { AutomationsPage } from './AutomationsPage.tsx';
export { WebhooksSection } from './WebhooksSection.tsx';
