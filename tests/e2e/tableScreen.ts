/** Working the table screen from browser tests and benchmarks, the way a person does. */
import type { Locator, Page } from 'playwright-core';

/** The control that picks a view type (Grid, Board, Calendar, Gallery, Map, Form). */
export function viewTypeControl(page: Page, name: string): Locator {
  return page
    .getByRole('radio', { name, exact: true })
    .or(page.getByRole('tab', { name, exact: true }))
    .or(page.getByRole('menuitemradio', { name, exact: true }))
    .first();
}

/**
 * Switches the view type; answers the `view-switch-start` mark set in the same task as the click,
 * so a time measured from it holds no test-driver latency.
 */
export async function switchViewType(page: Page, name: string): Promise<number> {
  const control = viewTypeControl(page, name);
  await control.waitFor({ state: 'attached' });
  return control.evaluate((el) => {
    const at = performance.mark('view-switch-start').startTime;
    (el as HTMLElement).click();
    return at;
  });
}

/**
 * Opens the user's default view as a grid with an empty search, as a person would before looking
 * for rows: other suites work as the same demo users, and a view keeps its type and search.
 */
export async function openPlainGrid(page: Page, searchLabel = 'Search contacts'): Promise<void> {
  const view = page.getByLabel('View', { exact: true });
  await view.waitFor();
  // The default view, when there is one by that name (a first change saves it as the user's own).
  if ((await view.locator('option', { hasText: /^Default view$/ }).count()) > 0)
    await view.selectOption({ label: 'Default view' });
  await switchViewType(page, 'Grid');
  await page.getByLabel(searchLabel).fill('');
}
