import { describe, expect, it } from 'vitest';
import { announcementsToShow, editorHtmlToRichText, unreadCount, withRead } from './announcements.ts';

const rows = [
  { _id: 'a', category: 'General', date: '2026-11-01T10:00:00.000Z' },
  { _id: 'b', category: 'Incentives', date: '2026-11-03T10:00:00.000Z' },
  { _id: 'c', category: 'General', date: null, created_at: '2026-11-02T10:00:00.000Z' },
  { _id: 'd', category: 'Policies', date: '2026-11-03T10:00:00.000Z' },
];

describe('announcementsToShow', () => {
  it.each([
    [null, ['b', 'd', 'c', 'a']],
    ['General', ['c', 'a']],
    ['Incentives', ['b']],
    ['Commissions', []],
  ] as const)('category %s', (category, ids) => {
    expect(announcementsToShow(rows, category).map((r) => r._id)).toEqual(ids);
  });
});

describe('read state', () => {
  it('counts the ones not read', () => {
    expect(unreadCount(rows, new Set())).toBe(4);
    expect(unreadCount(rows, new Set(['a', 'x']))).toBe(3);
  });
  it.each([
    [[], ['a'], 5, ['a']],
    [['a', 'b'], ['a'], 5, ['b', 'a']],
    [['a', 'b', 'c'], ['d'], 3, ['b', 'c', 'd']],
  ])('%j + %j (max %i)', (kept, ids, max, out) => {
    expect(withRead(kept, ids, max)).toEqual(out);
  });
});

describe('editorHtmlToRichText', () => {
  it.each([
    ['<p></p>', ''],
    ['<p>One</p>', 'One'],
    ['<p>One</p><p>Two</p>', 'One<br>Two'],
    ['<p><strong>Big</strong> and <em>small</em></p>', '<strong>Big</strong> and <i>small</i>'],
    ['<p>a<br>b</p>', 'a<br>b'],
    ['<h2>Title</h2><ul><li><p>x</p></li></ul>', 'Title<br>x'],
    ['<p><a target="_blank" href="https://x.y">x</a></p>', '<a target="_blank" href="https://x.y">x</a>'],
  ])('%s', (html, out) => {
    expect(editorHtmlToRichText(html)).toBe(out);
  });
});
