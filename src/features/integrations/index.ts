/** What other features use of integrations: the admin settings sections. */
export { ApiKeysSection } from './components/ApiKeysSection.tsx';
export { ProvidersSection } from './components/ProvidersSection.tsx';
