import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createRichTextSanitizer } from './sanitize.ts';

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
