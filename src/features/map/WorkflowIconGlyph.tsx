import type { WorkflowIcon } from '../../domain/workflowPins.ts';

const GLYPHS: Record<WorkflowIcon, string> = {
  door: '🚪',
  x: '✕',
  clock: '⏰',
  calendar: '📅',
  trophy: '🏆',
  ban: '⛔',
  file: '📄',
  home: '🏠',
  tool: '🔧',
  dot: '•',
};

/** A workflow pin's icon. Decorative: the button's text names the status. */
export function WorkflowIconGlyph({ icon }: { icon: WorkflowIcon }) {
  return <span aria-hidden="true">{GLYPHS[icon]}</span>;
}
