import { randomBytes, randomInt } from 'node:crypto';
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { STORAGE_KEYS } from '@selah/shared/constants';
import {
  Api,
  clearOidcScenario,
  setOidcScenario,
  type Session,
  type TestUser,
} from './support/api.ts';
import type { OidcScenario } from './support/oidc-provider.ts';
import { APP_URL, OIDC_ISSUER, OIDC_SCENARIO_COOKIE } from './support/settings.ts';

/** How another user's browser looks: a phone (`PHONE_DARK`) or, by default, a desktop one. */
export type Device = Pick<
  BrowserContextOptions,
  'viewport' | 'isMobile' | 'hasTouch' | 'colorScheme'
>;

/** A 375 px phone in dark mode. */
export const PHONE_DARK: Device = {
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
  colorScheme: 'dark',
};

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
  /**
   * Another user's browser, signed in the same way at `path`: its own context (so its own
   * storage), carrying this test's client address. Every context it opens is closed after the
   * test, whether or not the test closed it.
   */
  openAs: (user: TestUser, path: string, device?: Device) => Promise<Page>;
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
      await openSignedIn(page, session, path);
      return session;
    });
  },

  openAs: async ({ browser, api, clientIp }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (user, path, device = {}) => {
      const session = await api.login(user.email, user.password);
      const context = await browser.newContext({
        ...device,
        baseURL: APP_URL,
        timezoneId: 'UTC',
        locale: 'en-US',
        extraHTTPHeaders: { 'X-Forwarded-For': clientIp },
      });
      contexts.push(context);
      const page = await context.newPage();
      await openSignedIn(page, session, path);
      return page;
    });
    // Closing an already closed context is a no-op.
    for (const context of contexts) await context.close();
  },

  oidc: async ({ context }, use) => {
    const key = randomBytes(8).toString('hex');
    await context.addCookies([{ name: OIDC_SCENARIO_COOKIE, value: key, url: OIDC_ISSUER }]);
    await use({ set: (scenario) => setOidcScenario(key, scenario) });
    await clearOidcScenario(key);
  },
});

export { expect };

/** The HttpOnly cookie a sign-in sets (apps/server/src/modules/auth/page-cookie.ts). */
export const PAGE_COOKIE = 'selah_page_session';

/** Puts `session` into the page's storage as the web app keeps it, then opens `path`. */
async function openSignedIn(page: Page, session: Session, path: string): Promise<void> {
  // Any page of the app's origin gives access to its storage. Not a page of the app: a page
  // still signed in as someone else could write that session back over this one (its store
  // persists on every change) between this write and the navigation below.
  await page.goto('/api/health');
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
  // The page cookie, as the sign-in's answer sets it: the dashboard and journal pages then come
  // rendered by the server with the user's data, as for anyone signed in (ADR 033).
  await page.context().addCookies([
    {
      name: PAGE_COOKIE,
      value: session.token,
      url: APP_URL,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  await page.goto(path);
}

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
