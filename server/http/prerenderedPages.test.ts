import { describe, expect, it } from 'vitest';
import { TERMS_PARAGRAPH_MARK, TERMS_TITLE_MARK } from '#src/domain/termsInPage.ts';
import { legalPageWithTerms, TERMS_MARK } from './prerenderedPages.ts';

const page =
  `<body><div id="root" data-prerendered="hydrate"><main><h1 class="t">${TERMS_TITLE_MARK}</h1>` +
  `<div class="p" style="margin:1rem">${TERMS_PARAGRAPH_MARK}</div></main></div>${TERMS_MARK}` +
  '<script type="module" src="/a.js"></script></body>';
const unchanged = (html: string) => html;
// Stands in for the shared sanitiser: marks what passed through it.
const marking = (html: string) => `[clean]${html}`;

describe('the legal page with the terms written in', () => {
  it('draws the title and one block per paragraph where the marks were', () => {
    const html = legalPageWithTerms(page, { title: 'Terms & <Privacy>', content: 'One\n\nTwo' }, unchanged);
    expect(html).toContain('<h1 class="t">Terms &#38; &#60;Privacy&#62;</h1>');
    expect(html).toContain(
      '<div class="p" style="margin:1rem">One</div><div class="p" style="margin:1rem">Two</div>',
    );
    expect(html).not.toContain(TERMS_TITLE_MARK);
    expect(html).not.toContain(TERMS_PARAGRAPH_MARK);
  });

  it('passes a paragraph with markup through the sanitiser, plain text as it is', () => {
    const html = legalPageWithTerms(page, { title: 'T', content: 'Plain\n\n<b>Bold</b>' }, marking);
    expect(html).toContain('>Plain</div>');
    expect(html).toContain('>[clean]<b>Bold</b></div>');
  });

  it('holds the terms as JSON data the page can read back', () => {
    const terms = { version: '2026-01', title: 'Terms', content: 'Hello' };
    const html = legalPageWithTerms(page, terms, unchanged) ?? '';
    const json = /<script type="application\/json" id="hs-terms">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? '')).toEqual(terms);
    expect(html).not.toContain(TERMS_MARK);
  });

  it('cannot be broken out of by terms that hold markup or replacement patterns', () => {
    const content = '</script><script>alert(1)</script><!-- $& $1';
    const html = legalPageWithTerms(page, { title: '$& $1', content }, () => 'sanitised') ?? '';
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('>$&#38; $1</h1>');
    const json = /id="hs-terms">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? '').content).toBe(content);
  });

  it('answers nothing for a page without the marks, so the app is sent instead', () => {
    expect(
      legalPageWithTerms('<main>other build</main>', { title: 'T', content: 'C' }, unchanged),
    ).toBeUndefined();
  });
});
