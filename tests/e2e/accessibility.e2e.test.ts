/**
 * Every screen, as a person sees it: signed out, as an admin (and, in accessibilityRep, as a rep),
 * in the light and the dark colour scheme (the app follows the system scheme until the user picks
 * one), checked with axe for serious and critical violations, and for one `main` landmark and one
 * `h1`. Screens other suites already check on their way (sign-in error, lead detail dialogs,
 * import, board drag) are visited here too, so one run gives the whole picture.
 */
import { describe, expect, it } from 'vitest';
import { acceptDemoTerms, describeScreensAs, Findings, SLOW, UI, usePages } from './accessibilityWalk.ts';
import { e2eBaseUrl } from './server.ts';
import { apiToken } from './session.ts';

acceptDemoTerms();

describe('accessibility of every screen, light and dark', () => {
  const baseUrl = e2eBaseUrl();
  const newPage = usePages();

  it(
    'signed out: sign-in (with its error) and the legal page',
    async () => {
      const findings = new Findings('signed out');
      const page = await newPage();
      await page.goto(`${baseUrl}/auth/login`);
      await page.getByLabel('Email').waitFor(UI);
      await findings.check(page, 'sign-in');
      await page.getByLabel('Email').fill('rep@demo.local');
      await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('The email or password is incorrect.').waitFor(UI);
      await findings.check(page, 'sign-in refused');
      await page.goto(`${baseUrl}/legal/privacy`);
      await page.locator('h1, h2').first().waitFor(UI);
      await findings.check(page, 'legal page', 'fixed');
      findings.expectClean();
    },
    SLOW,
  );

  describeScreensAs({ who: 'admin', email: 'admin@demo.local', admin: true }, newPage);

  it(
    'a new user: the terms dialog over the profile editor',
    async () => {
      const findings = new Findings('new user');
      const token = await apiToken(baseUrl, 'admin@demo.local');
      const email = `a11y.${Date.now()}@demo.local`;
      const added = await fetch(`${baseUrl}/api/v2/users/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'Access, Ada', email, password: 'new-user-pass', access_level: 'User' }),
      });
      expect(added.status).toBe(201);
      const page = await newPage();
      await page.goto(`${baseUrl}/auth/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('textbox', { name: 'Password' }).fill('new-user-pass');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'I accept' }).waitFor(UI);
      await expect.poll(() => page.getByRole('button', { name: 'I accept' }).isEnabled(), UI).toBe(true);
      await findings.check(page, 'terms dialog');
      await page.getByRole('button', { name: 'I accept' }).click();
      await page.getByRole('button', { name: 'I accept' }).waitFor({ state: 'detached' });
      await findings.check(page, 'first profile edit');
      findings.expectClean();
    },
    SLOW,
  );
});
