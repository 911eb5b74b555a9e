import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createRichTextSanitizer, RICH_TEXT_FIELDS, sanitizeRichTextFields } from './sanitize.ts';

const sanitize = createRichTextSanitizer(new JSDOM('').window as never);

describe('rich text sanitising', () => {
  it('keeps b, i, strong, a and br', () => {
    const html =
      '<b>bold</b> <i>it</i> <strong>s</strong><br><a href="https://example.com" target="_blank">x</a>';
    expect(sanitize(html)).toBe(html);
  });

  it('drops other tags but keeps their text', () => {
    expect(sanitize('<p>Hello <em>you</em></p><h1>Big</h1>')).toBe('Hello youBig');
    expect(sanitize('<div><span style="color:red">red</span></div>')).toBe('red');
  });

  it('removes scripts, handlers and dangerous links', () => {
    expect(sanitize('<script>alert(1)</script>ok')).toBe('ok');
    expect(sanitize('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitize('<b onclick="alert(1)">b</b>')).toBe('<b>b</b>');
    expect(sanitize('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitize('<iframe src="https://evil"></iframe>')).toBe('');
  });

  it('allows only href and target on links', () => {
    expect(sanitize('<a href="/x" target="_self" rel="nofollow" class="c" title="t" style="s">y</a>')).toBe(
      '<a href="/x" target="_self">y</a>',
    );
    expect(sanitize('<b class="x" title="y">z</b>')).toBe('<b>z</b>');
  });
});

describe('rich-text fields of stored rows', () => {
  const dirty = '<b>b</b><script>alert(1)</script>';

  it('sanitises only the rich-text fields of the tables that have them', () => {
    const note = { id: 'n1', subject: '<i>s</i><script>x</script>', body: dirty };
    expect(sanitizeRichTextFields('notes', note, () => sanitize)).toEqual({ ...note, body: '<b>b</b>' });
    const news = { title: dirty, content: dirty };
    expect(sanitizeRichTextFields('announcements', news, () => sanitize)).toEqual({
      title: dirty,
      content: '<b>b</b>',
    });
    expect(sanitizeRichTextFields('legal_documents', { content: dirty }, () => sanitize)).toEqual({
      content: '<b>b</b>',
    });
    const other = { body: dirty };
    expect(sanitizeRichTextFields('appointments', other, () => sanitize)).toBe(other);
    expect(sanitizeRichTextFields('constructor', other, () => sanitize)).toBe(other);
  });

  it('asks for no sanitiser (no DOM) when no field can hold a tag, and keeps the same row', () => {
    const noDom = () => {
      throw new Error('no DOM wanted');
    };
    const row = { body: 'Tom & Jerry > 3', subject: '<b>x</b>' };
    expect(sanitizeRichTextFields('notes', row, noDom)).toBe(row);
    expect(sanitizeRichTextFields('notes', { lead_id: 'l' }, noDom)).toEqual({ lead_id: 'l' });
    const allowed = { body: '<b>bold</b><br><a href="https://x.test" target="_blank">x</a>' };
    expect(sanitizeRichTextFields('notes', allowed, () => sanitize)).toBe(allowed);
  });

  it('is stable: sanitised text sanitises to itself (so a stored row is rewritten once at most)', () => {
    for (const html of [dirty, 'a & b <i>c</i> < d', '<a href="javascript:x" onclick="y">l</a>']) {
      const once = sanitize(html);
      expect(sanitize(once)).toBe(once);
    }
  });

  it('lists only fields the app shows as rich text', () => {
    expect(RICH_TEXT_FIELDS).toEqual({
      notes: ['body'],
      announcements: ['content'],
      legal_documents: ['content'],
    });
  });
});
