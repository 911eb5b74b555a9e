// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../app/i18n.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { provideBrowserFeaturesForMantine } from './testing/jsdomForMantine.ts';

beforeAll(provideBrowserFeaturesForMantine);
afterEach(cleanup);

function show(props: { onConfirm(): unknown; onClose(): void; cancelLabel?: string; opened?: boolean }) {
  render(
    <MantineProvider>
      <ConfirmDialog
        opened={props.opened ?? true}
        title="Delete Downtown?"
        message="Its contacts are left without a region."
        confirmLabel="Delete region"
        cancelLabel={props.cancelLabel}
        onConfirm={props.onConfirm}
        onClose={props.onClose}
      />
    </MantineProvider>,
  );
}

describe('ConfirmDialog', () => {
  it('is a dialog named by its title that says what will happen', () => {
    show({ onConfirm: () => {}, onClose: () => {} });
    const dialog = screen.getByRole('dialog', { name: 'Delete Downtown?' });
    expect(dialog.textContent).toContain('Its contacts are left without a region.');
    expect(screen.getByRole('button', { name: 'Delete region' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows nothing while closed', () => {
    show({ opened: false, onConfirm: () => {}, onClose: () => {} });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    { button: 'Delete region', confirmed: 1 },
    { button: 'Cancel', confirmed: 0 },
  ])('$button closes it, confirming $confirmed time(s)', ({ button, confirmed }) => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    show({ onConfirm, onClose });
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(onConfirm).toHaveBeenCalledTimes(confirmed);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes after what it confirmed has finished', async () => {
    let finish = () => {};
    const onClose = vi.fn();
    show({ onConfirm: () => new Promise<void>((resolve) => (finish = resolve)), onClose });
    fireEvent.click(screen.getByRole('button', { name: 'Delete region' }));
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => finish());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes the screen’s own word for cancel', () => {
    show({ cancelLabel: 'Keep it', onConfirm: () => {}, onClose: () => {} });
    expect(screen.getByRole('button', { name: 'Keep it' })).toBeTruthy();
  });
});
