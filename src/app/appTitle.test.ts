import { describe, expect, it } from 'vitest';
import { appTitle, withAppTitle } from './appTitle.ts';

describe('the page title', () => {
  it.each([
    ['stable', 'Home Service CRM - Stable'],
    ['beta', 'Home Service CRM - Beta'],
    ['', 'Home Service CRM - Beta'],
  ])('on the %j channel is %j', (channel, title) => {
    expect(appTitle(channel)).toBe(title);
  });

  it('is written into the page, once, in place of the plain name', () => {
    const html =
      '<head><title>Home Service CRM</title><meta property="og:title" content="Home Service CRM" /></head>';
    expect(withAppTitle(html, 'stable')).toBe(
      '<head><title>Home Service CRM - Stable</title><meta property="og:title" content="Home Service CRM" /></head>',
    );
  });
});
