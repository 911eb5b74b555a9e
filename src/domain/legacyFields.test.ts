import { describe, expect, it } from 'vitest';
import { legacyFieldName, legacyFields } from './legacyFields.ts';
import type { LegacyTarget } from './schemas/legacyData.ts';

const LEAD = '0190a8d2-0000-7000-8000-000000000001';
const OTHER = '0190a8d2-0000-7000-8000-000000000002';

describe('legacyFields', () => {
  it.each<[string, LegacyTarget, Record<string, unknown>, Record<string, unknown>]>([
    [
      'a note names its lead lead_ref',
      'notes',
      { lead_ref: LEAD, body: 'Hi' },
      { lead_id: LEAD, body: 'Hi' },
    ],
    ['a note may still say lead_id', 'notes', { lead_id: LEAD, body: 'Hi' }, { lead_id: LEAD, body: 'Hi' }],
    ['both names, one value', 'notes', { lead_ref: LEAD, lead_id: LEAD }, { lead_id: LEAD }],
    [
      'a note as read back: its ref_id, id and createdAt',
      'notes',
      { ref_id: 'n-1', lead_ref: LEAD, type: 'Lead', subject: 'S', body: 'B', createdAt: '2026-01-01' },
      { lead_id: LEAD, type: 'Lead', subject: 'S', body: 'B' },
    ],
    [
      'an appointment with lead_ref and timestamp',
      'appointments',
      { ref_id: 'a-1', lead_ref: LEAD, timestamp: 1, start_time: '2026-01-01T10:00:00Z' },
      { lead_id: LEAD, start_time: '2026-01-01T10:00:00Z' },
    ],
    [
      'a proposal names its lead ref and its answers surveyResponse',
      'proposals',
      { ref: LEAD, surveyResponse: { a: 1 }, name: 'P' },
      { lead_id: LEAD, survey_response: { a: 1 }, name: 'P' },
    ],
    [
      'a team names its leader and region; totals and members are the server’s',
      'teams',
      { name: 'T', leader: LEAD, region: OTHER, members: [], managers: [], active_deals: 3, ref_id: 't' },
      { name: 'T', leader_id: LEAD, region_id: OTHER },
    ],
    [
      'a contest’s winner is decided by the server',
      'contests',
      { name: 'C', winner: 'x', ref_id: 'c' },
      { name: 'C' },
    ],
    ['an announcement’s author is the caller', 'announcements', { title: 'A', author: 'Me' }, { title: 'A' }],
    ['a layout’s ref_id', 'layouts', { name: 'L', ref_id: 'l', cards: [] }, { name: 'L', cards: [] }],
    [
      'a lead keeps its ref_id and region; created_by and updated_date are the server’s',
      'leads',
      { name: 'N', ref_id: 'r', region: LEAD, created_by: 'x', updated_date: 'y' },
      { name: 'N', ref_id: 'r', region: LEAD },
    ],
    [
      'a user as read back: numeric id, jwt, totals',
      'users',
      {
        name: 'U',
        id: 42,
        jwt: 'j',
        auth_token: 't',
        ref_lookup: {},
        total_sales: 3,
        last_active: 'x',
        ref_id: 'r',
      },
      { name: 'U', ref_id: 'r' },
    ],
    ['a user’s id as a UUID stays', 'users', { id: LEAD }, { id: LEAD }],
    [
      'lead_ref means nothing special on a product',
      'products',
      { name: 'P', lead_ref: LEAD },
      { name: 'P', lead_ref: LEAD },
    ],
  ])('%s', (_case, target, doc, expected) => {
    expect(legacyFields(target, doc)).toEqual({ fields: expected });
  });

  it.each<[LegacyTarget, Record<string, unknown>, string]>([
    [
      'notes',
      { lead_ref: LEAD, lead_id: OTHER },
      'lead_ref and lead_id name the same field with different values: send one.',
    ],
    [
      'proposals',
      { ref: LEAD, lead_ref: OTHER },
      'ref and lead_ref name the same field with different values: send one.',
    ],
    [
      'teams',
      { leader_id: LEAD, leader: OTHER },
      'leader_id and leader name the same field with different values: send one.',
    ],
  ])('refuses two names of one field with different values (%s)', (target, doc, problem) => {
    expect(legacyFields(target, doc)).toEqual({ problem });
  });

  it.each<[LegacyTarget, string, string]>([
    ['notes', 'lead_ref', 'lead_id'],
    ['appointments', 'lead_ref', 'lead_id'],
    ['teams', 'region', 'region_id'],
    ['leads', 'region', 'region'],
    ['notes', 'body', 'body'],
    ['notes', 'toString', 'toString'],
  ])('a %s filter on %s matches %s', (target, key, expected) => {
    expect(legacyFieldName(target, key)).toBe(expected);
  });
});
