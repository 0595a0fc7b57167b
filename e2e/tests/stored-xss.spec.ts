import { statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import type { Api, TestUser } from '../support/api.ts';
import { CSP_CONTROL_MARKER } from '../support/log-scan.ts';
import { SERVER_LOG_FILE } from '../support/settings.ts';

/**
 * Issue 8: stored XSS payloads in every text field a user writes are rendered as text in the
 * browser, with no Content-Security-Policy violation. The data is stored through the HTTP API,
 * as the app's own client stores it; then every page that shows it is opened. On each page: the
 * payload is there as literal text, no dialog opened, no element came out of a payload, and the
 * page reported no CSP violation (neither the `securitypolicyviolation` event in the page nor a
 * report to the server, whose log the stack writes).
 */

const IMG = `<img src=x onerror=alert('xss')>`;
const SCRIPT = `<script>alert('xss')</script>`;
const SVG = `"><svg onload=alert('xss')>`;
const JS_URL = `javascript:alert('xss')`;

/** Each field's payload starts with its own tag, so each can be found on the page. */
const FIELDS = {
  firstName: `A${IMG}`,
  lastName: `L${SVG}`,
  friendFirstName: `B${SCRIPT}`,
  bio: `${JS_URL} bio${IMG}${SVG}`,
  journalTitle: `JT${IMG}`,
  journalDescription: `JD${SCRIPT}${SVG}`,
  prayerTitle: `PT${SVG}`,
  prayerContent: `PC${IMG}${SCRIPT}`,
  verse: `MV${IMG}`,
  reference: JS_URL,
  answeredTitle: `AT${SCRIPT}`,
  testimony: `TS${IMG}${SVG}`,
  requestTitle: `RT${IMG}`,
  requestDescription: `RD${SVG}${SCRIPT}`,
  groupName: `GN${IMG}`,
  groupDescription: `GD${SCRIPT}${SVG}`,
} as const;

/**
 * Elements a payload would have made, had it been parsed as HTML. The page's own inline scripts
 * are not payloads: each carries the response's CSP nonce (ADR 045), which a payload cannot know;
 * any other script in the body is.
 */
const INJECTED =
  'img[src="x"], svg[onload], [onerror], [onload], body script:not([src]):not([nonce])';

async function authed(api: Api, user: TestUser) {
  const { token } = await api.login(user.email, user.password);
  return { authorization: `Bearer ${token}` };
}

async function call(
  api: Api,
  user: TestUser,
  method: 'post' | 'put',
  url: string,
  data?: unknown,
): Promise<{ _id: string; data?: { _id: string } }> {
  const response = await api.request[method](url, {
    headers: await authed(api, user),
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as { _id: string; data?: { _id: string } };
}

/** Everything a page could report: dialogs, CSP violations seen by the page. */
function watch(page: Page) {
  const dialogs: string[] = [];
  const violations: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return {
    dialogs,
    violations,
    install: async () => {
      await page.exposeFunction('__selahCspViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __selahCspViolation: (t: string) => void })
            .__selahCspViolation;
          report(`${event.effectiveDirective} blocked ${event.blockedURI} on ${event.documentURI}`);
        });
      });
    },
  };
}

/** The header's notification bell (its name counts the unread ones). */
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** The size of the server log now: the violations a test caused are logged after it. */
const logSize = () => statSync(SERVER_LOG_FILE).size;

/** CSP violations the server logged after byte `from` of its log. */
async function loggedViolations(from: number, ip: string): Promise<string[]> {
  const file = await open(SERVER_LOG_FILE);
  try {
    const { size } = await file.stat();
    const buffer = Buffer.alloc(Math.max(0, size - from));
    await file.read(buffer, 0, buffer.length, from);
    return (
      buffer
        .toString('utf8')
        .split('\n')
        .filter((line) => line.includes('"event":"csp_violation"'))
        // Reports carry the test's X-Forwarded-For: only this test's own count.
        .filter((line) => line.includes(`"ip":"${ip}"`))
    );
  } finally {
    await file.close();
  }
}

test('XSS payloads in every text field render as text on every page, with no CSP violation', async ({
  page,
  api,
  login,
  clientIp,
}) => {
  test.setTimeout(150_000);
  const logFrom = logSize();
  const seen = watch(page);
  await seen.install();

  // --- Stored through the API, as the app's client stores it ---------------------------------
  const author = await api.createUser({ firstName: FIELDS.firstName, lastName: FIELDS.lastName });
  const friend = await api.createUser({ firstName: FIELDS.friendFirstName, lastName: 'Friend' });
  await api.upgrade(author); // groups and the print view
  const settings = (await (
    await api.request.get('/api/users/me/settings', { headers: await authed(api, author) })
  ).json()) as { profile: { username: string; timeZone: string | null; language: string } };
  await call(api, author, 'put', '/api/users/me/profile', {
    firstName: FIELDS.firstName,
    lastName: FIELDS.lastName,
    username: settings.profile.username,
    bio: FIELDS.bio,
    timeZone: settings.profile.timeZone ?? 'UTC',
    language: settings.profile.language,
  });
  const journal = await call(api, author, 'post', '/api/journals', {
    title: FIELDS.journalTitle,
    description: FIELDS.journalDescription,
    isPrivate: false,
  });
  const prayer = await call(api, author, 'post', '/api/prayers', {
    journal: journal._id,
    title: FIELDS.prayerTitle,
    content: FIELDS.prayerContent,
    isPrivate: false,
    memoryVerse: { verse: FIELDS.verse, reference: FIELDS.reference },
  });
  const answered = await call(api, author, 'post', '/api/prayers', {
    journal: journal._id,
    title: FIELDS.answeredTitle,
    isPrivate: false,
  });
  await call(api, author, 'put', `/api/prayers/${answered._id}/status`, { isAnswered: true });
  await call(api, author, 'post', `/api/prayers/${answered._id}/testimony`, {
    testimony: FIELDS.testimony,
  });
  // Friends: the request and its acceptance are notifications that echo both names.
  await call(api, author, 'post', `/api/friends/request/${friend.id}`);
  const incoming = (await (
    await api.request.get('/api/friends/requests?direction=incoming', {
      headers: await authed(api, friend),
    })
  ).json()) as { data: { _id: string; requester: { _id: string } }[] };
  const friendRequest = incoming.data.find((r) => r.requester._id === author.id);
  await call(api, friend, 'put', `/api/friends/accept/${friendRequest?._id ?? 'missing'}`);
  await call(api, author, 'post', '/api/prayer-requests', {
    title: FIELDS.requestTitle,
    description: FIELDS.requestDescription,
    isPrivate: true,
    sharedWith: [friend.id],
  });
  const group = await call(api, author, 'post', '/api/prayer-groups', {
    name: FIELDS.groupName,
    description: FIELDS.groupDescription,
    journalId: journal._id,
  });
  const groupId = group.data?._id ?? group._id;
  // The invitation notification echoes the author's name and the group's name.
  await call(api, author, 'post', `/api/prayer-groups/${groupId}/invite`, {
    userIds: [friend.id],
  });

  // --- Every page that shows them ------------------------------------------------------------
  const checked: string[] = [];
  /** The user's notification messages that echo a payload (a name, a group's name). */
  async function echoedNotifications(user: TestUser): Promise<string[]> {
    const response = await api.request.get('/api/notifications?limit=20', {
      headers: await authed(api, user),
    });
    const { data } = (await response.json()) as { data: { message: string }[] };
    const echoed = data.map((n) => n.message).filter((m) => m.includes('<'));
    expect(
      echoed.length,
      `notifications of ${user.email}: ${JSON.stringify(data)}`,
    ).toBeGreaterThan(0);
    return echoed;
  }
  async function expectText(where: string, texts: string[]) {
    for (const text of texts) {
      await expect.soft(page.getByText(text).first(), `${where}: "${text}" as text`).toBeVisible();
    }
    await expect(page.locator(INJECTED), `${where}: no element from a payload`).toHaveCount(0);
    expect(seen.dialogs, `${where}: no dialog`).toEqual([]);
    expect(seen.violations, `${where}: no CSP violation in the page`).toEqual([]);
    checked.push(where);
  }

  await login(author, '/dashboard');
  await expectText('dashboard', [
    FIELDS.answeredTitle,
    FIELDS.testimony,
    FIELDS.verse,
    FIELDS.reference,
  ]);
  await page.goto('/journals');
  await expectText('journals', [FIELDS.journalTitle, FIELDS.journalDescription]);
  await page.goto(`/journal/${journal._id}`);
  await expectText('journal page', [
    FIELDS.journalTitle,
    FIELDS.journalDescription,
    FIELDS.prayerTitle,
    FIELDS.prayerContent,
    FIELDS.answeredTitle,
  ]);
  await page.goto(`/journal/${journal._id}/print`);
  await expectText('print view', [
    FIELDS.journalTitle,
    FIELDS.prayerTitle,
    FIELDS.prayerContent,
    FIELDS.testimony,
  ]);
  await page.goto('/prayers');
  await expectText('prayer points', [FIELDS.prayerTitle, FIELDS.prayerContent]);
  await page.goto(`/prayer/${prayer._id}`);
  await expectText('prayer page', [FIELDS.prayerTitle, FIELDS.prayerContent, FIELDS.verse]);
  await page.goto(`/prayer/${answered._id}`);
  await expectText('answered prayer page', [FIELDS.answeredTitle, FIELDS.testimony]);
  await page.goto('/friends');
  await expectText('friends', [FIELDS.friendFirstName]);
  await page.goto('/prayer-requests');
  await expectText('prayer requests (own)', [FIELDS.requestTitle, FIELDS.requestDescription]);
  await page.goto('/prayer-groups');
  await expectText('prayer groups', [FIELDS.groupName, FIELDS.groupDescription]);
  await page.goto(`/prayer-groups/${groupId}`);
  await expectText('group page', [FIELDS.groupName, FIELDS.groupDescription, FIELDS.firstName]);
  await page.goto('/settings');
  await expect(page.getByLabel('Bio')).toHaveValue(FIELDS.bio);
  await expect(page.getByLabel('First name')).toHaveValue(FIELDS.firstName);
  await expectText('settings', []);
  await bell(page).click();
  await expectText('notifications (author)', await echoedNotifications(author));

  await login(friend, '/discover');
  await expectText('discover', [FIELDS.journalTitle]);
  await page.goto('/prayer-requests?tab=friendRequests');
  await expectText('prayer requests (shared)', [FIELDS.requestTitle, FIELDS.requestDescription]);
  await page.goto('/dashboard');
  await bell(page).click();
  await expectText('notifications (friend)', await echoedNotifications(friend));

  // --- And the server received no CSP report from any of it ---------------------------------
  expect(await loggedViolations(logFrom, clientIp), 'CSP reports the server logged').toEqual([]);
  expect(checked).toHaveLength(16);
});

test('a CSP violation is seen by the page and reported to the server (the checks above can fail)', async ({
  page,
  api,
  login,
  clientIp,
}) => {
  const logFrom = logSize();
  const seen = watch(page);
  await seen.install();
  const user = await api.createUser();
  await login(user, '/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An image from an origin img-src does not allow: blocked, seen, reported.
  const blocked = `http://127.0.0.1:9/${CSP_CONTROL_MARKER}.png`;
  await page.evaluate((src) => {
    const img = document.createElement('img');
    img.src = src;
    document.body.append(img);
  }, blocked);
  await expect.poll(() => seen.violations).toEqual([expect.stringContaining(`img-src blocked`)]);
  await expect
    .poll(() => loggedViolations(logFrom, clientIp), { timeout: 15_000 })
    .toEqual([expect.stringContaining(CSP_CONTROL_MARKER)]);
  expect(seen.dialogs).toEqual([]);
});
