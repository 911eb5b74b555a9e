import { describe, expect, it } from 'vitest';
import { legalPageWithTerms, TERMS_MARK } from './prerenderedPages.ts';

const page = `<body><div id="root"></div>${TERMS_MARK}<script type="module" src="/a.js"></script></body>`;

describe('the legal page with the terms written in', () => {
  it('holds the terms as JSON data the page can read back', () => {
    const html = legalPageWithTerms(page, { version: '2026-01', title: 'Terms', content: 'Hello' });
    const json = /<script type="application\/json" id="hs-terms">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? '')).toEqual({ version: '2026-01', title: 'Terms', content: 'Hello' });
    expect(html).not.toContain(TERMS_MARK);
  });

  it('cannot be broken out of by terms that hold markup', () => {
    const content = '</script><script>alert(1)</script><!-- $& $1';
    const html = legalPageWithTerms(page, { version: '1', title: 'T', content });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
    const json = /id="hs-terms">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? '').content).toBe(content);
  });

  it('leaves only the page when there are no terms to write', () => {
    expect(legalPageWithTerms(page, undefined)).toBe(page.replace(TERMS_MARK, ''));
  });
});
