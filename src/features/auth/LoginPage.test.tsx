// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up what the app provides (its messages)
import '#src/app/i18n.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { LoginPage } from './LoginPage.tsx';
import { type SignedInUser, signIn } from './utils/session.ts';

vi.mock('./utils/session.ts', async (original) => ({
  ...(await original<typeof import('./utils/session.ts')>()),
  signIn: vi.fn(),
}));

beforeAll(provideBrowserFeaturesForMantine);
afterEach(() => {
  cleanup();
  vi.mocked(signIn).mockReset();
});

/** A promise and the functions that settle it, for holding a step until the test lets it go. */
function held<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const rep = { _id: 'rep-1', name: 'Rep', email: 'rep@example.com' } as SignedInUser;

function renderSignIn(props: Parameters<typeof LoginPage>[0]) {
  render(
    <MantineProvider>
      <LoginPage {...props} />
    </MantineProvider>,
  );
  fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'rep@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret-pass' } });
  return screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
}

describe('signing in', () => {
  it('says a sign-in is on its way as the form is sent, before the server has answered', async () => {
    const answer = held<SignedInUser>();
    vi.mocked(signIn).mockReturnValue(answer.promise);
    const onSigningIn = vi.fn();
    const onSignedIn = vi.fn();
    const button = renderSignIn({ onSigningIn, onSignedIn });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(signIn).toHaveBeenCalledWith('rep@example.com', 'secret-pass');
    expect(onSigningIn).toHaveBeenCalledTimes(1);
    expect(onSignedIn).not.toHaveBeenCalled();
    await act(async () => answer.resolve(rep));
    expect(onSignedIn).toHaveBeenCalledWith(rep, undefined);
  });

  it('stays busy until what the signed-in step answers has settled', async () => {
    vi.mocked(signIn).mockResolvedValue(rep);
    const entered = held<void>();
    const button = renderSignIn({ onSignedIn: () => entered.promise });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.dataset.loading).toBe('true');
    await act(async () => entered.resolve());
    expect(button.dataset.loading).toBeUndefined();
  });

  it('shows a refused sign-in and is ready again, the signed-in step never taken', async () => {
    vi.mocked(signIn).mockRejectedValue(new Error('Invalid email or password.'));
    const onSignedIn = vi.fn();
    const button = renderSignIn({ onSigningIn: vi.fn(), onSignedIn });
    await act(async () => {
      fireEvent.click(button);
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(button.dataset.loading).toBeUndefined();
  });
});
