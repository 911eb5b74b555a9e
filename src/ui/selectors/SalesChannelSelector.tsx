import { recordSelector } from './recordSelector.tsx';

/** A sales channel, or several (`multiple`). */
export const SalesChannelSelector = recordSelector({
  table: 'sales_channels',
  labelFields: ['name'],
  one: 'selectors.salesChannel',
  group: 'selectors.salesChannels',
});
