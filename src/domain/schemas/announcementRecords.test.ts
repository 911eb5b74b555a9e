import { describe, expect, it } from 'vitest';
import { testActor } from '#tests/support/actors.ts';
import type { Actor } from '../permissions.ts';
import { recordDenial } from '../recordRules.ts';
import { recordFieldsSchema } from './records.ts';

const actor = (level: Actor['level'], granted: Actor['granted'] = []): Actor => testActor(level, { granted });

const valid = { category: 'Incentives', title: 'SPIFF' };

describe('announcement fields', () => {
  it.each([
    ['the least a new one needs', valid, true],
    [
      'every field',
      {
        ...valid,
        date: '2026-11-20T15:00:00.000Z',
        content: 'A <b>bonus</b>',
        link: { url: 'https://example.com', button_text: 'Open' },
        image_url: 'http://example.com/a.png',
        files: [{ name: 'a.pdf', url: 'https://example.com/a.pdf' }],
      },
      true,
    ],
    ['no link, no image', { ...valid, link: null, image_url: null }, true],
    ['an unknown category', { ...valid, category: 'Gossip' }, false],
    ['no title', { category: 'General' }, false],
    ['a blank title', { ...valid, title: '   ' }, false],
    ['a script link', { ...valid, link: { url: 'javascript:alert(1)', button_text: 'Go' } }, false],
    [
      'a link without button text',
      { ...valid, link: { url: 'https://example.com', button_text: '' } },
      false,
    ],
    ['a data image', { ...valid, image_url: 'data:image/png;base64,AAAA' }, false],
    ['a file with a script address', { ...valid, files: [{ name: 'x', url: 'javascript:x' }] }, false],
    ['a field of its own', { ...valid, author_id: 'u2' }, false],
  ])('%s', (_, fields, ok) => {
    expect(recordFieldsSchema('announcements', true).safeParse(fields).success).toBe(ok);
  });

  it('an edit may change any one field', () => {
    expect(recordFieldsSchema('announcements', false).safeParse({ content: 'x' }).success).toBe(true);
  });
});

describe('who changes announcements', () => {
  it.each([
    ['Admin', [], undefined],
    ['Manager', [], 'Only admins can change this.'],
    ['User', [], 'Only admins can change this.'],
    ['Guest', [], 'Only admins can change this.'],
    ['User', ['announcements.manage'], undefined],
  ] as const)('%s with grants %j', (level, granted, denial) => {
    for (const op of ['create', 'edit', 'delete'] as const)
      expect(recordDenial(actor(level, [...granted]), 'announcements', op, undefined)).toBe(denial);
  });
});
