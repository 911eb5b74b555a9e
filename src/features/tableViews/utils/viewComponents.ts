import { type ComponentType, lazy } from 'react';
import { VIEW_TYPES, type ViewTypeName } from '#src/domain/schemas/records.ts';
import type { TableViewProps } from './viewProps.ts';

// The view types other than the grid, one component file each, loaded when first shown.
const VIEW_MODULES = import.meta.glob<{ default: ComponentType<TableViewProps> }>('../components/*View.tsx');
const VIEW_FILES: Record<Exclude<ViewTypeName, 'grid'>, string> = {
  board: '../components/BoardView.tsx',
  calendar: '../components/CalendarView.tsx',
  gallery: '../components/GalleryView.tsx',
  map: '../components/MapView.tsx',
  form: '../components/FormView.tsx',
};
const lazyViews = new Map<string, ComponentType<TableViewProps>>();

/** The lazily loaded component of a view type other than the grid (one per type, reused). */
export function viewComponent(
  type: Exclude<ViewTypeName, 'grid'>,
): ComponentType<TableViewProps> | undefined {
  const file = VIEW_FILES[type];
  const load = VIEW_MODULES[file];
  if (!load) return undefined;
  let component = lazyViews.get(file);
  if (!component) {
    component = lazy(load);
    lazyViews.set(file, component);
  }
  return component;
}

export function typeName(viewType: number): ViewTypeName {
  return (Object.entries(VIEW_TYPES).find(([, n]) => n === viewType)?.[0] as ViewTypeName) ?? 'grid';
}
