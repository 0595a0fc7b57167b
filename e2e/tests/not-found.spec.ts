import { expect, test } from '../fixtures.ts';
import { APP_URL } from '../support/settings.ts';

test('an unknown path shows Page Not Found with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Page Not Found', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(`${APP_URL}/`);
});
