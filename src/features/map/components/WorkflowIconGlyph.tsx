import { useEffect, useState } from 'react';
import { iconService } from '#src/api/icons.ts';
import { MAP_SERVICE_SETTINGS } from '#src/api/maps/settings.ts';
import type { WorkflowIcon } from '#src/domain/workflowPins.ts';

/** The glyph shown while the icon service answers, or when it is not configured or fails. */
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

/** Each workflow icon's name in the icon service's set. */
const ICON_SET = 'tabler';
const ICON_NAMES: Record<WorkflowIcon, string> = {
  door: 'door',
  x: 'x',
  clock: 'clock',
  calendar: 'calendar',
  trophy: 'trophy',
  ban: 'ban',
  file: 'file-text',
  home: 'home',
  tool: 'tool',
  dot: 'point',
};
const ALL_NAMES = Object.values(ICON_NAMES);

const icons = MAP_SERVICE_SETTINGS.iconsUrl ? iconService(MAP_SERVICE_SETTINGS.iconsUrl) : undefined;

/** The workflow icons from the icon service (one request for all, shared); empty until it answers. */
function useWorkflowIcons(): Map<string, string> | undefined {
  const [found, setFound] = useState<Map<string, string>>();
  useEffect(() => {
    if (!icons) return;
    let live = true;
    void icons.iconSet(ICON_SET, ALL_NAMES).then((set) => live && setFound(set));
    return () => {
      live = false;
    };
  }, []);
  return found;
}

/** A workflow pin's icon. Decorative: the button's text names the status. */
export function WorkflowIconGlyph({ icon }: { icon: WorkflowIcon }) {
  const src = useWorkflowIcons()?.get(ICON_NAMES[icon]);
  return src ? (
    <img src={src} alt="" aria-hidden="true" width={16} height={16} />
  ) : (
    <span aria-hidden="true">{GLYPHS[icon]}</span>
  );
}
