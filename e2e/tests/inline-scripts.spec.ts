import type { APIResponse, Page, Response } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * The pages' inline scripts (theme-init, the landing page's, React Router's hydration data and
 * start-up) run under the server's CSP, which allows inline scripts only with the response's
 * nonce (ADR 045): a new one for every response, on every script of the page, and no hash list.
 * A script without it, or with another response's, is refused.
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

/**
 * The response's nonce, after checking that the CSP allows inline scripts with it alone (no
 * hash, no 'unsafe-inline'; besides 'self', only the payment provider's script origin).
 */
async function nonceOf(response: Response | APIResponse | null): Promise<string> {
  if (!response) throw new Error('no response');
  const headers = 'allHeaders' in response ? await response.allHeaders() : response.headers();
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
  const nonces = scriptSrc.filter((source) => source.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(nonces[0]!)?.[1];
  expect(scriptSrc[0]).toBe("'self'");
  for (const source of scriptSrc.slice(1).filter((s) => s !== nonces[0]))
    expect(source).toMatch(/^https?:\/\/[^'*]+$/);
  // Every script of the page carries it.
  const html = await response.text();
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(tags.length).toBeGreaterThan(0);
  for (const tag of tags) expect(tag).toContain(` nonce="${nonce}"`);
  return nonce!;
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

    const nonces = [await nonceOf(await page.goto('/'))];
    // theme-init ran before the first paint: the stored choice, on the prerendered page.
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(html(page)).toHaveAttribute('data-theme-color', 'teal');
    // The landing page's own script ran: the mode toggle knows the stored theme.
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

    nonces.push(await nonceOf(await page.goto('/login')));
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    // React Router's scripts ran: the page came alive (it is inert until it has hydrated).
    await page.getByLabel('Email').fill('someone@example.test');
    nonces.push(await nonceOf(await page.reload()));

    // Signed in (with the page cookie): the page comes rendered by the server with the user's
    // data, and hydrates.
    const user = await api.createUser();
    await login(user, '/journals');
    nonces.push(await nonceOf(await page.goto('/dashboard')));
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Total Prayers')).toBeVisible();
    await page.getByRole('link', { name: 'My Journals' }).first().click();
    await expect(page.getByRole('heading', { name: 'My Journals', level: 1 })).toBeVisible();

    // A new nonce for every response, the same page's included.
    expect(new Set(nonces).size).toBe(nonces.length);
    expect(violations).toEqual([]);
  });

  test('a script without the nonce, or with another response’s, is refused', async ({ page }) => {
    const violations = await watchViolations(page);
    const earlier = await nonceOf(await page.request.get('/login'));
    await page.route('**/login', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      const nonce = /<script nonce="([^"]+)"/.exec(body)?.[1];
      // The first script (theme-init) without a nonce, the second with the earlier response's.
      const changed = body
        .replace(`<script nonce="${nonce}">`, '<script>')
        .replace(`<script nonce="${nonce}">`, `<script nonce="${earlier}">`);
      expect(changed).not.toBe(body);
      // The header as sent, without its report endpoints: these violations are on purpose.
      const csp = (response.headers()['content-security-policy'] ?? '')
        .split(';')
        .filter((d) => !/^\s*report-(uri|to)\b/.test(d))
        .join(';');
      await route.fulfill({
        response,
        body: changed,
        headers: { ...response.headers(), 'content-security-policy': csp },
      });
    });

    await page.goto('/login');
    await expect
      .poll(() => violations)
      .toEqual(['script-src-elem blocked inline', 'script-src-elem blocked inline']);
  });
});
