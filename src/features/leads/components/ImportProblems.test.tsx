// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
// biome-ignore lint/style/noRestrictedImports: a test sets up the messages the signed-in app provides
import i18n from '#src/app/i18n.ts';
import { checkRow, type ImportValues } from '#src/domain/leadImport.ts';
import { provideBrowserFeaturesForMantine } from '#src/ui/testing/jsdomForMantine.ts';
import type { RowState } from '../utils/LeadImportService.ts';
import { ImportProblems } from './ImportProblems.tsx';

const ME = '0190a0b0-0000-7000-8000-000000000001';

beforeAll(async () => {
  provideBrowserFeaturesForMantine();
  await i18n.loadNamespaces('leads');
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

/** The problems list of one file row, checked by the import's own rules. */
function showRow(values: ImportValues) {
  const check = checkRow(values, { userId: ME, mayAssignOthers: false, users: [] });
  const row: RowState = {
    index: 0,
    values,
    errors: check.ok ? [] : check.errors,
    skipped: false,
    includeDuplicate: false,
  };
  const none = () => {};
  render(
    <MantineProvider>
      <ImportProblems rows={[row]} onSkipAll={none} onEdit={none} onSkip={none} onIncludeDuplicate={none} />
    </MantineProvider>,
  );
  return within(screen.getByRole('table'));
}

const ROW = {
  phone: '602-555-CALL',
  email: 'ann@',
  city: 'Mesa',
  state: 'AZ',
  zip: '85201',
  credit_score: '900',
} satisfies ImportValues;

describe('the import problems list', () => {
  it('shows every problem of a row, each on its field with its hint', () => {
    const table = showRow(ROW);
    expect(table.getByText('A name is required.')).toBeTruthy();
    expect(
      table.getByText(
        "'602-555-CALL' is not a phone number: it has letters. Write its digits; spaces, dashes, dots, brackets, a leading +1 and an extension such as ext 12 may stay.",
      ),
    ).toBeTruthy();
    expect(table.getByText('A street is needed with the city, state and ZIP.')).toBeTruthy();
    expect(table.getByText('Enter one of: 700+, 640-700, Under 600, Not sure.')).toBeTruthy();
    expect(table.getByText('Enter an email address such as name@example.com.')).toBeTruthy();
    for (const field of ['Name', 'Phone', 'Street', 'Credit Score', 'Email'])
      expect(table.getByLabelText(`Row 2: ${field}`)).toBeTruthy();
  });

  it('says in Spanish what a phone number may hold and how many digits it needs', async () => {
    await i18n.changeLanguage('es');
    await i18n.loadNamespaces('leads');
    const table = showRow({ name: 'Ana Lee', phone: '602-55', email: 'ana@' });
    expect(
      table.getByText('Un número de teléfono tiene 10 dígitos, sin contar un +1 o 1 inicial; este tiene 5.'),
    ).toBeTruthy();
    expect(table.getByText('Escribe un correo electrónico como nombre@ejemplo.com.')).toBeTruthy();
  });
});
