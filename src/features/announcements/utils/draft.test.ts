import { describe, expect, it } from 'vitest';
import { announcementChanges, type Draft, draftOf, draftProblems, localDay } from './draft.ts';

const now = new Date(2026, 10, 24, 9, 30);
const base: Draft = { ...draftOf(undefined, now), title: 'Hello' };

describe('announcement form', () => {
  it.each([
    ['a title only', {}, {}],
    ['no title', { title: '  ' }, { title: true }],
    ['a link with its button', { linkUrl: 'https://x.y', linkButton: 'Go' }, {}],
    ['a link without button text', { linkUrl: 'https://x.y' }, { linkButton: true }],
    ['button text without a link', { linkButton: 'Go' }, { linkUrl: true }],
    ['a script link', { linkUrl: 'javascript:alert(1)', linkButton: 'Go' }, { linkUrl: true }],
    ['an image address', { imageUrl: 'https://x.y/a.png' }, {}],
    ['a data image', { imageUrl: 'data:image/png;base64,AA' }, { imageUrl: true }],
    ['a file', { files: [{ name: 'rules.pdf', url: 'https://x.y/rules.pdf' }] }, {}],
    [
      'files without a name or with a script address',
      {
        files: [
          { name: ' ', url: 'https://x.y/a.pdf' },
          { name: 'ok.pdf', url: 'https://x.y/ok.pdf' },
          { name: 'b', url: 'javascript:x' },
        ],
      },
      { files: { 0: { name: true }, 2: { url: true } } },
    ],
  ])('%s', (_, changes, problems) => {
    expect(draftProblems({ ...base, ...changes })).toEqual(problems);
  });

  it('a new one is dated now when its day is today, else at noon of its day', () => {
    expect(announcementChanges(base, base, undefined, now)).toEqual({
      title: 'Hello',
      category: 'General',
      content: '',
      link: null,
      image_url: null,
      files: [],
      date: now.toISOString(),
    });
    const other = announcementChanges({ ...base, day: '2026-11-20' }, base, undefined, now);
    expect(other.date).toBe(new Date(2026, 10, 20, 12).toISOString());
  });

  it('an edit keeps its moment unless the day changes', () => {
    const row = { _id: 'a', title: 'Old', category: 'Policies' as const, date: '2026-11-01T15:00:00.000Z' };
    const initial = draftOf(row, now);
    expect(initial.day).toBe(localDay(new Date(row.date)));
    expect(announcementChanges({ ...initial, title: 'New' }, initial, row, now)).not.toHaveProperty('date');
    expect(announcementChanges({ ...initial, day: '2026-11-02' }, initial, row, now).date).toBe(
      new Date(2026, 10, 2, 12).toISOString(),
    );
  });
});
