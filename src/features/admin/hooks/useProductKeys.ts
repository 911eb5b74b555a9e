import { useLiveRows } from '#src/device/hooks/useTableRows.ts';
import { DEFAULT_PRODUCT_ID } from '#src/domain/roles.ts';

const COLUMNS = ['name', 'legacy_id'];

export interface ProductKeys {
  /** The key a user's default products store for a product record: its numeric id where it has one. */
  keyOf: (id: string) => string;
  /** The record id of the org's default product (198), when the org has it. */
  defaultId: string | undefined;
}

/** The org's products on the device, for turning the selector's record ids into stored keys. */
export function useProductKeys(): ProductKeys | undefined {
  return useLiveRows(
    'products',
    COLUMNS,
    async (read) => {
      const numeric = new Map<string, number>();
      for (const row of await read()) {
        if (typeof row.legacy_id === 'number' && !row.deleted_at) numeric.set(String(row._id), row.legacy_id);
      }
      const defaultId = [...numeric].find(([, legacy]) => legacy === DEFAULT_PRODUCT_ID)?.[0];
      const keyOf = (id: string) => {
        const legacy = numeric.get(id);
        return legacy === undefined ? id : String(legacy);
      };
      return { keyOf, defaultId };
    },
    [],
  );
}
