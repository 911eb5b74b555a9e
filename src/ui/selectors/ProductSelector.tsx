import { recordSelector } from './recordSelector.tsx';

/** A product, or a product group (`multiple`); searchable by category too. */
export const ProductSelector = recordSelector({
  table: 'products',
  labelFields: ['name'],
  keywordFields: ['category'],
  one: 'selectors.product',
  group: 'selectors.productGroup',
});
