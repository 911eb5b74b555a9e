// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '#src/app/i18n.ts';
import { provideBrowserFeaturesForMantine } from '../testing/jsdomForMantine.ts';
import { SearchableMultiSelect, SearchableSelect } from './SearchableSelect.tsx';

beforeAll(provideBrowserFeaturesForMantine);
afterEach(cleanup);

const OPTIONS = [
  { value: 'a', label: 'Kim Knock', keywords: 'kim@example.com' },
  { value: 'b', label: 'Olivia Offline' },
];

const type = async (input: HTMLElement, text: string) => {
  await act(async () => {
    fireEvent.focus(input);
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: text } });
  });
};

describe('SearchableSelect', () => {
  // Typing and filtering are covered by the pure rules (selectOptions.test.ts) and the browser
  // test (leadDetail.e2e.test.ts): jsdom does not deliver typing to Mantine's combobox input.
  it('shows the search placeholder', () => {
    render(
      <MantineProvider>
        <SearchableSelect label="User" options={OPTIONS} value={null} onChange={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByLabelText('User', { selector: 'input' }).getAttribute('placeholder')).toBe(
      'Search...',
    );
  });

  it('says there is nothing to choose when there are no options', async () => {
    render(
      <MantineProvider>
        <SearchableMultiSelect label="Users" options={[]} value={[]} onChange={() => {}} />
      </MantineProvider>,
    );
    await type(screen.getByLabelText('Users', { selector: 'input' }), 'kim');
    expect(await screen.findByText('No options.')).toBeTruthy();
  });
});
