import { recordSelector } from './recordSelector.tsx';

/** One user, or a user group (`multiple`), of those on this device; searchable by name or email. */
export const UserSelector = recordSelector({
  table: 'users',
  labelFields: ['name', 'email'],
  keywordFields: ['email'],
  one: 'selectors.user',
  group: 'selectors.users',
});
