// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ORG_ID } from '#src/domain/roles.ts';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';
import { TermsGate } from './TermsGate.tsx';

afterEach(cleanupScreens);

const ORG_ROW = crypto.randomUUID();
const org = (terms_version: string) => ({ _id: ORG_ROW, id: DEFAULT_ORG_ID, name: 'Acme', terms_version });
const dialog = () => screen.queryByRole('dialog', { name: 'Privacy policy and terms' });

describe('the terms dialog of a signed-in user', () => {
  it('opens when a pull brings terms newer than the ones accepted, without signing in again', async () => {
    const shown = await renderScreen({
      self: { terms_accepted: '2026-01' },
      rows: { orgs: [org('2026-01')] },
      words: ['legal'],
      element: <TermsGate accepted="2026-01" onAccepted={vi.fn()} />,
    });
    await waitFor(async () => expect(await shown.db.orgs.count()).toBe(1));
    expect(dialog()).toBeNull();
    // An admin publishes 2026-02; the pull stores the org's record naming it.
    await shown.db.orgs.put(org('2026-02'));
    expect(await screen.findByRole('dialog', { name: 'Privacy policy and terms' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I accept' })).toBeTruthy();
    // It reads the terms of the user's own org, the ones accepting answers for.
    const asked = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    await waitFor(() =>
      expect(asked().some((url) => url.endsWith(`/api/v2/legal/terms?org=${DEFAULT_ORG_ID}`))).toBe(true),
    );
  });

  it('stays closed when the synced version is the one accepted, here or on another device', async () => {
    const shown = await renderScreen({
      self: { terms_accepted: '2026-02' },
      rows: { orgs: [org('2026-02')] },
      words: ['legal'],
      element: <TermsGate accepted="2026-01" onAccepted={vi.fn()} />,
    });
    await waitFor(async () => expect(await shown.db.orgs.count()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog()).toBeNull();
  });

  it('opens at once when the sign-in said the terms are not accepted', async () => {
    await renderScreen({ words: ['legal'], element: <TermsGate accepted={null} onAccepted={vi.fn()} /> });
    expect(await screen.findByRole('dialog', { name: 'Privacy policy and terms' })).toBeTruthy();
  });
});
