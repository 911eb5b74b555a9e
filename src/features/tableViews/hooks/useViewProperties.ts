import { useCallback, useState } from 'react';
import type { TableViewRow } from '#src/db/rows.ts';
import type { ViewProperties } from '#src/domain/tables/registry.ts';

/**
 * The view's properties with this view type's own changes shown at once: the table screen saves a
 * change a moment later, and the stored row catches up after that.
 */
export function useViewProperties(
  view: TableViewRow,
  updateView: (properties: Partial<ViewProperties>) => void,
): [Partial<ViewProperties>, (patch: Partial<ViewProperties>) => void] {
  const [local, setLocal] = useState<{ viewId: string; patch: Partial<ViewProperties> }>({
    viewId: view._id,
    patch: {},
  });
  const stored = (view.properties ?? {}) as Partial<ViewProperties>;
  // Changes made on another view do not carry over.
  const patch = local.viewId === view._id ? local.patch : {};
  const update = useCallback(
    (change: Partial<ViewProperties>) => {
      setLocal((l) => ({
        viewId: view._id,
        patch: { ...(l.viewId === view._id ? l.patch : {}), ...change },
      }));
      updateView(change);
    },
    [view._id, updateView],
  );
  return [{ ...stored, ...patch }, update];
}
