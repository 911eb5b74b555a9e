// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupScreens, renderScreen } from '#tests/support/renderScreen.tsx';
import { NotificationBell } from './NotificationBell.tsx';

afterEach(cleanupScreens);

const ME = '0190a0b0-0000-7000-8000-0000000000a1';
const LEAD = '0190a0b0-0000-7000-8000-0000000000b1';

/** A notification as the server writes it: English words, and their key with its parameters. */
const notification = (id: number, fields: Record<string, unknown>) => ({
  _id: `0190a0b0-0000-7000-8000-00000000000${id}`,
  id,
  version: id,
  user_id: ME,
  link: `/contacts/${LEAD}`,
  is_read: false,
  created_at: '2026-01-01T10:00:00.000Z',
  ...fields,
});

const ROWS = [
  notification(1, {
    title: 'Lead assigned to you',
    message: 'Avery Admin assigned you Ada Lopez.',
    text_key: 'notification.leadAssigned',
    text_params: { actor: 'Avery Admin', lead: 'Ada Lopez' },
  }),
  notification(2, {
    title: 'Appointment set for you',
    message: 'In-person with a lead.',
    text_key: 'notification.appointmentSet',
    text_params: { type: 'In-person', lead: '' },
  }),
  // Written before keys (or by a person): shown as stored.
  notification(3, { title: 'Contest won', message: 'Riley won Spring Push.' }),
  // A key this device does not know: shown as stored too.
  notification(4, {
    title: 'Something new',
    message: 'A newer server wrote this.',
    text_key: 'notification.teleported',
    text_params: {},
  }),
];

async function openBell(language: 'en' | 'es') {
  await renderScreen({
    self: { _id: ME },
    rows: { notifications: ROWS },
    language,
    words: ['notifications'],
    element: <NotificationBell />,
  });
  const name = language === 'es' ? /Notificaciones, 4 sin leer/ : /Notifications, 4 unread/;
  fireEvent.click(await screen.findByRole('button', { name }));
}

describe('the notifications the server wrote, in the reader’s language', () => {
  it('a Spanish reader sees them in Spanish, names as written and the appointment’s type translated', async () => {
    await openBell('es');
    expect(await screen.findByText('Prospecto asignado a ti')).toBeTruthy();
    expect(screen.getByText('Avery Admin te asignó Ada Lopez.')).toBeTruthy();
    expect(screen.getByText('Cita programada para ti')).toBeTruthy();
    expect(screen.getByText('En persona con un prospecto.')).toBeTruthy();
    expect(screen.queryByText('Lead assigned to you')).toBeNull();
    // Without a key it knows, the stored words.
    expect(screen.getByText('Riley won Spring Push.')).toBeTruthy();
    expect(screen.getByText('A newer server wrote this.')).toBeTruthy();
  });

  it('an English reader sees the English words', async () => {
    await openBell('en');
    expect(await screen.findByText('Lead assigned to you')).toBeTruthy();
    expect(screen.getByText('Avery Admin assigned you Ada Lopez.')).toBeTruthy();
    expect(screen.getByText('In-person with a lead.')).toBeTruthy();
  });
});
