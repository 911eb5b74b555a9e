// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { captureAttribution, storedAttribution } from './attribution.ts';

function clearCookies() {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

describe('captureAttribution', () => {
  afterEach(clearCookies);

  it('keeps the first visit for the long cookie and the latest for the session', () => {
    captureAttribution('?utm_source=flyer&promo=123456');
    captureAttribution('?utm_source=radio&promo=012345');
    expect(storedAttribution()).toEqual({
      first: { utm_source: 'flyer', promo: '123456' },
      session: { utm_source: 'radio' },
    });
  });

  it('stores nothing for a visit without attribution', () => {
    captureAttribution('?page=2');
    expect(storedAttribution()).toEqual({ first: undefined, session: undefined });
  });
});
