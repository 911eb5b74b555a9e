// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the signed-in app provides (messages)
import '#src/app/i18n.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { ImageryChoice } from './ImageryChoice.tsx';

beforeAll(provideBrowserFeaturesForMantine);
afterEach(cleanup);

const wrap = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('Map or Satellite in the Layers menu', () => {
  it('switches to Satellite and back', () => {
    const onChange = vi.fn();
    const { rerender } = wrap(<ImageryChoice on={false} onChange={onChange} unavailable={undefined} />);
    expect(screen.getByRole('radio', { name: 'Map' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Satellite' }));
    expect(onChange).toHaveBeenLastCalledWith(true);
    rerender(
      <MantineProvider>
        <ImageryChoice on onChange={onChange} unavailable={undefined} />
      </MantineProvider>,
    );
    expect(screen.getByRole('radio', { name: 'Satellite' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Map' }));
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('offers no Satellite, and says why, when the org turned imagery off', () => {
    wrap(<ImageryChoice on onChange={vi.fn()} unavailable="map.imagery.off" />);
    expect(screen.getByRole('radio', { name: 'Map' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Satellite' })).toHaveProperty('disabled', true);
    screen.getByText('Satellite is turned off for your organisation (Settings → Aerial imagery).');
  });
});
