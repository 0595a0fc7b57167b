import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * The pages' inline scripts (theme-init, early-reads, paint-first: apps/web/head/, inlined by
 * the build) run under the server's CSP, which allows them by hash only (ADR 029): a script
 * changed by one character is refused. A server-rendered page (ADR 033) adds none.
 */

/** CSP violations the page sees, from its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__selahCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __selahCspViolation: (t: string) => void })
        .__selahCspViolation;
      report(`${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
  return violations;
}

const html = (page: Page) => page.locator('html');

test.describe('Inline scripts under the CSP', () => {
  test('run on the landing page, /login and a signed-in page, with no violation', async ({
    page,
    api,
    login,
  }) => {
    const violations = await watchViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      localStorage.setItem('themeColor', 'teal');
    });

    await page.goto('/');
    // theme-init ran before the app: the stored choice, on the prerendered page.
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(html(page)).toHaveAttribute('data-theme-color', 'teal');
    // paint-first started the app: the mode toggle knows the stored theme.
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

    await page.goto('/login');
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    // The live page replaced the prerendered one (#root is interactive again).
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await page.getByLabel('Email').fill('someone@example.test');

    const user = await api.createUser();
    // Signed in (with the page cookie): the page comes rendered by the server (ADR 033), and
    // the live page takes over.
    await login(user, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('inert');

    // Without the cookie (a session from before it existed): the plain page, whose early-reads
    // asked for the dashboard's read once, and the app took that answer instead of asking again.
    await page.context().clearCookies();
    const early: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/stats') early.push(request.url());
    });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Total Prayers')).toBeVisible();
    expect(early).toHaveLength(1);
    expect(violations).toEqual([]);
  });

  test('a changed inline script is refused', async ({ page }) => {
    const violations = await watchViolations(page);
    await page.route('**/login', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      const changed = body.replace(/<script>\(function\(\)\{/, '<script>(function(){ ');
      expect(changed).not.toBe(body);
      // The header as sent, without its report endpoints: this violation is on purpose.
      const csp = (response.headers()['content-security-policy'] ?? '')
        .split(';')
        .filter((d) => !/^\s*report-(uri|to)\b/.test(d))
        .join(';');
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      await route.fulfill({
        response,
        body: changed,
        headers: { ...response.headers(), 'content-security-policy': csp },
      });
    });

    await page.goto('/login');
    await expect.poll(() => violations).toContain('script-src-elem blocked inline');
    // Only the changed one: paint-first (unchanged) still started the app.
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    expect(violations).toEqual(['script-src-elem blocked inline']);
  });
});
