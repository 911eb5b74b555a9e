/** Makes the device language's formats in a worker of the page's process (`warmFormats`), then ends. */
import { warmFormats } from '../domain/format.ts';
import { isLanguage } from '../domain/language.ts';

const scope = self as unknown as { onmessage: ((event: MessageEvent) => void) | null; close(): void };
scope.onmessage = (event) => {
  if (isLanguage(event.data)) warmFormats(event.data);
  scope.close();
};
