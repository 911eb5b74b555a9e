import { recordSelector } from './recordSelector.tsx';

/** An organisation (the caller's own, as devices see it), or an organisation group (`multiple`). */
export const OrganizationSelector = recordSelector({
  table: 'orgs',
  labelFields: ['name'],
  one: 'selectors.organization',
  group: 'selectors.organizationGroup',
});
