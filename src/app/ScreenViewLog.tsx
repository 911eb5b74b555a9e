import { useLocation } from 'react-router';
import { useScreenViewLog } from '../device/hooks/useActivityLog.ts';

/** Logs each screen the signed-in user opens as an event of their app session. */
export function ScreenViewLog() {
  useScreenViewLog(useLocation().pathname);
  return null;
}
