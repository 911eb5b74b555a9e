// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up the messages the app provides
import '#src/app/i18n.ts';
import { TERMS_ELEMENT_ID } from '#src/domain/termsInPage.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import { LegalPage } from './LegalPage.tsx';

beforeAll(provideBrowserFeaturesForMantine);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.getElementById(TERMS_ELEMENT_ID)?.remove();
});

const doc = (slug: string, title: string) => ({
  slug,
  version: '1',
  title,
  content: 'First paragraph.\n\nSecond paragraph.',
  updated_at: '2026-01-01T00:00:00Z',
});

/** The page at `path`, the server answering with `answer` (a status and body, or no connection). */
function openAt(path: string, answer: { status: number; body: unknown } | 'offline') {
  const fetch = vi.fn(async () => {
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <MemoryRouter initialEntries={[path]}>
      <LegalPage />
    </MemoryRouter>,
  );
  return fetch;
}

/** The server wrote this document into the page it sent. */
function drawnWith(document_: unknown) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = TERMS_ELEMENT_ID;
  element.textContent = JSON.stringify(document_);
  document.body.append(element);
}

describe('the legal page', () => {
  it('shows the document of its slug, asked for by that slug', async () => {
    const fetch = openAt('/legal/cookie-policy', {
      status: 200,
      body: { success: true, ...doc('cookie-policy', 'Cookie policy') },
    });
    await screen.findByRole('heading', { level: 1, name: 'Cookie policy' });
    expect(screen.getByText('Second paragraph.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0 as never])).toBe('/api/v2/legal/documents/cookie-policy');
  });

  it("shows the app's 404 page when no document of that slug exists", async () => {
    openAt('/legal/nothing-here', {
      status: 404,
      body: { success: false, message: 'No legal document named "nothing-here" has been published.' },
    });
    await screen.findByText('Page not found: /legal/nothing-here');
    expect(screen.getByRole('link', { name: 'Go Back Home' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Cookie policy' })).toBeNull();
  });

  it('shows the 404 page for an address that names no document, without asking', async () => {
    const fetch = openAt('/legal/Not%20A%20Slug', { status: 200, body: { success: true } });
    await screen.findByText('Page not found: /legal/Not%20A%20Slug');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the document could not be loaded when offline, rather than that it does not exist', async () => {
    openAt('/legal/terms', 'offline');
    await screen.findByText('This document could not be loaded. Connect to the internet to read it.');
    expect(screen.queryByText(/Page not found/)).toBeNull();
  });

  it('takes the document drawn into the page without asking, only on the page it serves', async () => {
    drawnWith(doc('terms', 'Terms of Service and Privacy Policy'));
    const fetch = openAt('/legal/privacy', { status: 500, body: {} });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service and Privacy Policy' });
    expect(fetch).not.toHaveBeenCalled();
    cleanup();
    const other = openAt('/legal/cookie-policy', {
      status: 200,
      body: { success: true, ...doc('cookie-policy', 'Cookie policy') },
    });
    await screen.findByRole('heading', { level: 1, name: 'Cookie policy' });
    expect(other).toHaveBeenCalledTimes(1);
  });
});
