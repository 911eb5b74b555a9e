// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import './i18n.ts';
import { provideBrowserFeaturesForMantine } from '../ui/testing/jsdomForMantine.ts';
import { AppErrorBoundary } from './AppErrorBoundary.tsx';
import { PageCheckFailed } from './PageCheck.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';

beforeAll(provideBrowserFeaturesForMantine);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Broken({ error }: { error: Error }): never {
  throw error;
}

function Shell({ page, resetKey }: { page: React.ReactNode; resetKey?: string }) {
  return (
    <MantineProvider>
      <AppErrorBoundary>
        <nav aria-label="Main">Navigation</nav>
        <PageErrorBoundary resetKey={resetKey}>{page}</PageErrorBoundary>
      </AppErrorBoundary>
    </MantineProvider>
  );
}

describe('PageErrorBoundary', () => {
  it('shows the error panel in place of a page that throws, and the shell stays', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Shell page={<Broken error={new Error('The card broke')} />} />);
    expect(screen.getByText('The card broke')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('gives the page another try after the user navigates', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(<Shell resetKey="/a" page={<Broken error={new Error('broke')} />} />);
    expect(screen.getByText('broke')).toBeTruthy();
    rerender(<Shell resetKey="/b" page={<p>Another page</p>} />);
    expect(screen.getByText('Another page')).toBeTruthy();
  });

  it('hands a failed route check on to the fatal 404 of the app-wide boundary', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Shell page={<Broken error={new PageCheckFailed('/contacts/x')} />} />);
    expect(screen.getByText('Page Not Found: /contacts/x')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
