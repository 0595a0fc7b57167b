import { randomBytes, randomInt } from 'node:crypto';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@selah/shared/constants';
import {
  Api,
  clearOidcScenario,
  setOidcScenario,
  type Session,
  type TestUser,
} from './support/api.ts';
import type { OidcScenario } from './support/oidc-provider.ts';
import { OIDC_ISSUER, OIDC_SCENARIO_COOKIE } from './support/settings.ts';

export interface Fixtures {
  /**
   * This test's client address. Every request of the test (browser and API) carries it as
   * X-Forwarded-For, which the server trusts from loopback, so per-IP sign-in limits apply per
   * test and never trip across tests.
   */
  clientIp: string;
  /** Seeds data through the HTTP API. */
  api: Api;
  /**
   * Signs `user` in without the login form (API sign-in, then the session is put into the
   * browser's storage as the web app keeps it) and opens `path` (default /dashboard).
   */
  login: (user: TestUser, path?: string) => Promise<Session>;
  /** Decides what the local OpenID provider ("Google") does for this test's browser. */
  oidc: { set: (scenario: OidcScenario) => Promise<void> };
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  clientIp: async ({}, use) => {
    await use(`10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`);
  },

  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'X-Forwarded-For': clientIp });
  },

  api: async ({ request }, use) => {
    await use(new Api(request));
  },

  login: async ({ page, api }, use) => {
    await use(async (user, path = '/dashboard') => {
      const session = await api.login(user.email, user.password);
      // Any page of the app's origin gives access to its storage; /login needs no session.
      await page.goto('/login');
      await page.evaluate(
        ({ keys, token, user: apiUser }) => {
          localStorage.setItem(
            keys.auth,
            JSON.stringify({ state: { token, user: apiUser }, version: 1 }),
          );
          localStorage.setItem(keys.token, token);
          localStorage.setItem(keys.user, JSON.stringify(apiUser));
        },
        { keys: STORAGE_KEYS, ...session },
      );
      await page.goto(path);
      return session;
    });
  },

  oidc: async ({ context }, use) => {
    const key = randomBytes(8).toString('hex');
    await context.addCookies([{ name: OIDC_SCENARIO_COOKIE, value: key, url: OIDC_ISSUER }]);
    await use({ set: (scenario) => setOidcScenario(key, scenario) });
    await clearOidcScenario(key);
  },
});

export { expect };

/** The toast region (sonner's "Notifications alt+T" list). */
export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /^Notifications/ });
}

/** A toast with this exact title (and description, when given). */
export function toast(page: Page, title: string, description?: string): Locator {
  const byTitle = toasts(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
  return description === undefined
    ? byTitle
    : byTitle.filter({ has: page.getByText(description, { exact: true }) });
}

/** Everything in the page's localStorage. */
export function readLocalStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null) entries[key] = localStorage.getItem(key) ?? '';
    }
    return entries;
  });
}
