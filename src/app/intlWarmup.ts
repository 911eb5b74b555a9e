/**
 * A signed-in visit opens with a worker that makes the device language's formats first
 * (`warmFormats`, src/domain/format.ts): the locale data it loads is the whole page's, so the first
 * screen's dates are written without loading it on the main thread.
 */
import { initialLanguage } from './languageChoice.ts';

export function startIntlWarmup(): void {
  if (typeof Worker === 'undefined') return;
  try {
    const worker = new Worker(new URL('./intlWarmup.worker.ts', import.meta.url), { type: 'module' });
    worker.postMessage(initialLanguage());
  } catch {
    // A page that may not start workers writes its dates as before.
  }
}
