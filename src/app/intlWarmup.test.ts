import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIntlWarmup } from './intlWarmup.ts';
import { LANGUAGE_STORAGE_KEY } from './languageChoice.ts';

/** The workers a page started, with what each was sent. */
function recordWorkers() {
  const started: { url: string; options?: WorkerOptions; sent: unknown[] }[] = [];
  class RecordedWorker {
    private readonly entry: (typeof started)[number];
    constructor(url: URL | string, options?: WorkerOptions) {
      this.entry = { url: String(url), options, sent: [] };
      started.push(this.entry);
    }
    postMessage(message: unknown) {
      this.entry.sent.push(message);
    }
  }
  vi.stubGlobal('Worker', RecordedWorker);
  return started;
}

const storage = (language: string | null) => ({
  getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? language : null),
});

describe('the launch formats warm-up', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts one module worker and sends it the language chosen on the device', () => {
    const started = recordWorkers();
    vi.stubGlobal('localStorage', storage('es'));
    startIntlWarmup();
    expect(started).toHaveLength(1);
    expect(started[0]?.url).toMatch(/intlWarmup\.worker\.ts$/);
    expect(started[0]?.options).toEqual({ type: 'module' });
    expect(started[0]?.sent).toEqual(['es']);
  });

  it("with no language chosen, sends the browser's", () => {
    const started = recordWorkers();
    vi.stubGlobal('localStorage', storage(null));
    vi.stubGlobal('navigator', { languages: ['es-MX', 'en'] });
    startIntlWarmup();
    expect(started[0]?.sent).toEqual(['es']);
  });

  it('opens as before where workers cannot start', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => startIntlWarmup()).not.toThrow();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused by the page policy', 'SecurityError');
        }
      },
    );
    expect(() => startIntlWarmup()).not.toThrow();
  });
});
