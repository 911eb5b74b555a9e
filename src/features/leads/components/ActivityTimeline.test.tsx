// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';

afterEach(cleanupScreens);

const ME = '0190a0b0-0000-7000-8000-0000000000a1';
const AVERY = '0190a0b0-0000-7000-8000-0000000000a2';
const LEAD = '0190a0b0-0000-7000-8000-0000000000b1';

/** An activity of the lead as the server writes it: English words, and their key and parameters. */
const activity = (n: number, fields: Record<string, unknown>) => ({
  _id: `0190a0b0-0000-7000-8000-0000000000c${n}`,
  version: n,
  actor_id: AVERY,
  lead_refs: [LEAD],
  user_refs: [AVERY],
  date: `2026-01-0${n}T10:00:00.000Z`,
  ...fields,
});

const ROWS = {
  contacts: [{ _id: LEAD, version: 1, name: 'Ada Lopez', owner_id: ME, coordinates: null }],
  users: [{ _id: AVERY, version: 1, name: 'Avery Admin' }],
  activities: [
    activity(1, {
      type: 'lead_status_change',
      message: 'changed status to Sold',
      text_key: 'activity.statusChanged',
      text_params: { lead: 'Ada Lopez', status: 'Sold' },
    }),
    activity(2, {
      type: 'note',
      message: 'added a note',
      text_key: 'activity.noteAdded',
      text_params: { lead: 'Ada Lopez' },
    }),
    // An automation's own words: no key, shown as written.
    activity(3, { type: 'automation', message: 'Llamada de seguimiento pendiente' }),
  ],
};

describe('the activity the server wrote, in the reader’s language', () => {
  it('a Spanish reader sees it in Spanish, the lead and the status as named', async () => {
    await renderScreen({ path: `/contacts/${LEAD}`, self: { _id: ME }, rows: ROWS, language: 'es' });
    await screen.findByRole('heading', { name: 'Ada Lopez' });
    expect(await screen.findByText('Avery Admin cambió el estado de Ada Lopez a Sold')).toBeTruthy();
    expect(screen.getByText('Avery Admin añadió una nota a Ada Lopez')).toBeTruthy();
    expect(screen.getByText('Avery Admin Llamada de seguimiento pendiente · Ada Lopez')).toBeTruthy();
  });

  it('an English reader sees the English words', async () => {
    await renderScreen({ path: `/contacts/${LEAD}`, self: { _id: ME }, rows: ROWS, language: 'en' });
    expect(await screen.findByText('Avery Admin changed Ada Lopez to Sold')).toBeTruthy();
    expect(screen.getByText('Avery Admin added a note to Ada Lopez')).toBeTruthy();
  });
});
