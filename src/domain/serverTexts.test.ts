import { describe, expect, it } from 'vitest';
import {
  readServerText,
  serverText,
  serverTextName,
  serverTextValues,
  storedServerText,
} from './serverTexts.ts';

describe('readServerText', () => {
  it.each<[string, unknown, unknown, ReturnType<typeof readServerText>]>([
    [
      'a known key with its parameters',
      'notification.leadAssigned',
      { actor: 'Avery', lead: 'Ada' },
      { key: 'notification.leadAssigned', params: { actor: 'Avery', lead: 'Ada' } },
    ],
    [
      'a key with no parameters stored as none',
      'automation.activityRecorded',
      null,
      {
        key: 'automation.activityRecorded',
        params: {},
      },
    ],
    ['no key (a row from before keys)', null, null, null],
    ['a key this device does not know (a newer server’s)', 'notification.teleported', {}, null],
    ['a key of the object prototype', 'toString', {}, null],
    ['a parameter missing', 'notification.leadAssigned', { lead: 'Ada' }, null],
    ['a parameter of the wrong kind', 'automation.notified', { count: 'three' }, null],
    [
      'an enumerated value outside its list',
      'notification.weeklyRecord',
      {
        category: 'knocks',
        person: 'Riley',
        count: 2,
      },
      null,
    ],
  ])('%s', (_, key, params, expected) => {
    expect(readServerText(key, params)).toEqual(expected);
  });
});

describe('storedServerText and serverTextName', () => {
  it('stores a text as its key and parameters, and no text as nulls', () => {
    expect(storedServerText(serverText('notification.addedToTeam', { team: 'North' }))).toEqual({
      text_key: 'notification.addedToTeam',
      text_params: { team: 'North' },
    });
    expect(storedServerText(undefined)).toEqual({ text_key: null, text_params: null });
  });

  it('names a text of its own kind only', () => {
    const text = serverText('activity.added', { lead: 'Ada' });
    expect(serverTextName(text, 'activity')).toBe('added');
    expect(serverTextName(text, 'notification')).toBeNull();
    expect(serverTextName(null, 'activity')).toBeNull();
  });
});

describe('serverTextValues', () => {
  const words: Record<string, string> = {
    'p.values.type.In-person': 'En persona',
    'p.empty.lead': 'un prospecto',
  };
  const lookUp = (key: string, fallback: string) => words[key] ?? fallback;

  it.each<[string, Parameters<typeof serverTextValues>[0], Record<string, unknown>]>([
    [
      'an enumerated value in the reader’s words, a name as written',
      serverText('notification.appointmentSet', { type: 'In-person', lead: 'In-person' }),
      { type: 'En persona', lead: 'In-person' },
    ],
    [
      'an enumerated value the catalogue has no word for stays as written',
      serverText('notification.appointmentSet', { type: 'Site survey', lead: 'Ada' }),
      { type: 'Site survey', lead: 'Ada' },
    ],
    [
      'a value that cannot be a key stays as written',
      serverText('notification.appointmentSet', { type: 'Visit v1.2', lead: 'Ada' }),
      { type: 'Visit v1.2', lead: 'Ada' },
    ],
    [
      'an empty name by the catalogue’s word for it',
      serverText('notification.leadAssigned', { actor: 'Avery', lead: '' }),
      { actor: 'Avery', lead: 'un prospecto' },
    ],
    ['numbers as they are', serverText('automation.notified', { count: 3 }), { count: 3 }],
  ])('%s', (_, text, expected) => {
    expect(serverTextValues(text, 'p', lookUp)).toEqual(expected);
  });
});
