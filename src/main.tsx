/**
 * The entry: the first page's styles and the start of the app. A page the server sent already
 * drawn (scripts/prerender.ts) is painted first and the app's code runs after, so a slow phone
 * shows it before the scripts' work; otherwise the app starts at once. The app's code is preloaded
 * by index.html either way.
 */
import './app/publicStyles.ts';
import { captureAttribution } from './app/attribution.ts';
import { startIntlWarmup } from './app/intlWarmup.ts';
import { installChunkReloadGuard } from './app/serviceWorker.ts';
import { storedUser } from './features/auth/utils/session.ts';

installChunkReloadGuard();
captureAttribution();
const boot = () => void import('./app/boot.tsx');
// Someone signed in gets the signed-in app's code at once, beside the start's, not after it, and
// the locale data their screens' dates need is loaded in a worker meanwhile.
if (storedUser()) {
  void import('./app/SignedInApp.tsx');
  startIntlWarmup();
}
if (document.getElementById('root')?.dataset.prerendered && document.visibilityState === 'visible') {
  // The frame callback runs before the next paint; the task it queues, after it.
  requestAnimationFrame(() => setTimeout(boot));
} else {
  boot();
}
