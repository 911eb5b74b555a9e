// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('#src/api/maps/settings.ts', () => ({
  MAP_SERVICE_SETTINGS: { iconsUrl: 'https://icons.example' },
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('workflow pin icon', () => {
  it('shows the icon service’s icon for the name, asked once for all workflow icons', async () => {
    const fetcher = vi.fn(async (_url: string) => ({
      ok: true,
      status: 200,
      json: async () => ({
        prefix: 'tabler',
        width: 24,
        height: 24,
        icons: { door: { body: '<path d="M1 1"/>' } },
      }),
    }));
    vi.stubGlobal('fetch', fetcher);
    const { WorkflowIconGlyph } = await import('./WorkflowIconGlyph.tsx');
    const { container } = render(
      <>
        <WorkflowIconGlyph icon="door" />
        <WorkflowIconGlyph icon="x" />
      </>,
    );
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // "x" is not in the answer: its built-in glyph stays.
    expect(container.textContent).toBe('✕');
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher.mock.calls[0]?.[0]).toMatch(/^https:\/\/icons\.example\/tabler\.json\?icons=door%2Cx%2C/);
  });

  it('keeps the built-in glyph when the icon service fails (logged only)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { WorkflowIconGlyph } = await import('./WorkflowIconGlyph.tsx');
    const { container } = render(<WorkflowIconGlyph icon="door" />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('🚪');
    warn.mockRestore();
  });
});
