import type { Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';

const html = (page: Page) => page.locator('html');

test.describe('Theme', () => {
  test('a colour picked in the header dialog is applied and survives a reload', async ({
    page,
    api,
    login,
  }) => {
    await login(await api.createUser());
    await expect(html(page)).toHaveAttribute('data-theme-color', 'slate');

    await page.getByRole('button', { name: 'Change theme color' }).click();
    const dialog = page.getByRole('dialog', { name: 'Theme color' });
    await dialog.getByRole('button', { name: 'Teal' }).click();
    await expect(toast(page, 'Theme updated!', 'Theme color has been changed.')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(html(page)).toHaveAttribute('data-theme-color', 'teal');
    expect(await page.evaluate(() => localStorage.getItem('themeColor'))).toBe('teal');

    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme-color', 'teal');
    await page.getByRole('button', { name: 'Change theme color' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Theme color' }).getByRole('button', { name: 'Teal' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  test('dark mode is toggled from the header and survives a reload', async ({
    page,
    api,
    login,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await login(await api.createUser());
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    await page.reload();
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await page.reload();
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
});
