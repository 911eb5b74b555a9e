// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadableScreen } from './preloadableScreen.tsx';

afterEach(cleanup);

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

function inSuspense(node: React.ReactNode) {
  return <Suspense fallback={<p>Loading</p>}>{node}</Suspense>;
}

describe('preloadableScreen', () => {
  it('renders a preloaded screen in the first render, without showing the fallback', async () => {
    const Screen = preloadableScreen(async () => Counter);
    await Screen.preload();
    // Looked at right after the synchronous render: a lazy screen would show the fallback here.
    render(inSuspense(<Screen label="Contacts" />));
    expect(screen.getByRole('button', { name: 'Contacts 0' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends on a screen not preloaded, then shows it', async () => {
    let resolve: (c: typeof Counter) => void = () => undefined;
    const Screen = preloadableScreen(() => new Promise<typeof Counter>((r) => (resolve = r)));
    await act(async () => {
      render(inSuspense(<Screen label="Map" />));
    });
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => resolve(Counter));
    expect(await screen.findByRole('button', { name: 'Map 0' })).toBeTruthy();
  });

  it('loads the code once, however often it is preloaded and rendered', async () => {
    const load = vi.fn(async () => Counter);
    const Screen = preloadableScreen(load);
    await Promise.all([Screen.preload(), Screen.preload()]);
    await act(async () => {
      render(inSuspense(<Screen label="Teams" />));
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the state of a screen mounted before its code arrived when it renders again', async () => {
    const Screen = preloadableScreen(async () => Counter);
    const { rerender } = render(inSuspense(<Screen label="Users" />));
    const button = await screen.findByRole('button', { name: 'Users 0' });
    await act(async () => button.click());
    rerender(inSuspense(<Screen label="Users" />));
    // Had the second render swapped the suspending wrapper for the loaded component, the count
    // would be back at 0.
    expect(screen.getByRole('button', { name: 'Users 1' })).toBeTruthy();
  });
});
