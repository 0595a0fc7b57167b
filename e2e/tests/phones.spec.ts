import { randomUUID } from 'node:crypto';
import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';
import type { Session } from '../support/api.ts';

/**
 * Issue 29 §4, on a 375 px phone with touch: long words wrap, toasts stay clear of the controls
 * and of dialogs, the theme colour is in Settings, a swipe in /pray never leaves it and a reload
 * resumes it, and a dialog with typed text asks before it is thrown away.
 */
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };

/** A 100-character web address and a 100-character word, as people paste them. */
const URL100 = `https://example.org/${'a'.repeat(80)}`;
const WORD100 = 'W'.repeat(100);
const LONG = `See ${URL100} and ${WORD100} tonight.`;

async function post<T>(
  request: APIRequestContext,
  session: Session,
  path: string,
  data: unknown,
  status = 201,
): Promise<T> {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${session.token}`, 'idempotency-key': randomUUID() },
    data,
  });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The page is no wider than the phone: nothing pushes it sideways. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: where })
    .toBeLessThanOrEqual(375);
}

test.describe('Phones (issue 29 §4)', () => {
  test.use(PHONE);

  test('a 100-character address or word wraps on every page that shows what people wrote', async ({
    page,
    api,
    login,
    request,
  }) => {
    test.setTimeout(150_000);
    const me = await api.createUser({ firstName: 'Adaeze' });
    const friend = await api.createUser({ firstName: 'Sade' });
    await api.befriend(me, friend);
    await api.upgrade(me);
    const mine = await api.login(me.email, me.password);
    const theirs = await api.login(friend.email, friend.password);

    const journal = await post<{ _id: string }>(request, mine, '/api/journals', {
      title: `Journal ${WORD100.slice(0, 40)}`,
      description: LONG,
    });
    const prayer = await post<{ _id: string }>(request, mine, '/api/prayers', {
      journal: journal._id,
      title: `Prayer ${WORD100.slice(0, 40)}`,
      content: LONG,
      isPrivate: false,
    });
    await post(request, mine, `/api/prayers/${prayer._id}/notes`, { text: LONG });
    const answered = await request.put(`/api/prayers/${prayer._id}/status`, {
      headers: { authorization: `Bearer ${mine.token}` },
      data: { isAnswered: true },
    });
    expect(answered.status()).toBe(200);
    await post(request, mine, `/api/prayers/${prayer._id}/testimony`, { testimony: LONG }, 200);
    const asked = await post<{ _id: string }>(request, mine, '/api/prayer-requests', {
      title: `Request ${WORD100.slice(0, 40)}`,
      description: LONG,
      isPrivate: false,
    });
    await post(request, mine, `/api/prayer-requests/${asked._id}/updates`, { text: LONG });
    await post(request, theirs, '/api/prayer-requests', {
      title: `Friend ${WORD100.slice(0, 40)}`,
      description: LONG,
      isPrivate: false,
    });
    // The friend commits to my request: my bell says so, with its long title.
    await post(request, theirs, `/api/prayer-requests/${asked._id}/pray`, { cadence: 'once' }, 200);
    const group = await post<{ data: { _id: string } }>(request, mine, '/api/prayer-groups', {
      name: 'Lagos Wednesday group',
      description: LONG,
      journalId: journal._id,
      isPublic: true,
    });

    await login(me, `/journal/${journal._id}`);
    await expect(page.getByText(`Prayer ${WORD100.slice(0, 40)}`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'journal');
    // The prayer's details dialog fits too.
    await page.getByRole('button', { name: `Prayer ${WORD100.slice(0, 40)}` }).click();
    const details = page.getByRole('dialog');
    await expect(details).toBeVisible();
    const box = await details.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expectNoSidewaysScroll(page, 'prayer details dialog');
    await page.keyboard.press('Escape');

    await page.goto(`/prayer/${prayer._id}`);
    await expect(page.getByText(LONG).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'prayer page with its note and testimony');

    // Answered, with its testimony.
    await page.goto('/prayers?tab=answered');
    await expect(page.getByText(`Prayer ${WORD100.slice(0, 40)}`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'answered prayers');

    await page.goto('/prayer-requests');
    await expect(page.getByText(`Request ${WORD100.slice(0, 40)}`)).toBeVisible();
    await expectNoSidewaysScroll(page, 'my requests');
    await page.getByRole('button', { name: 'View Details' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSidewaysScroll(page, 'request details dialog with its update');
    await page.keyboard.press('Escape');

    await page.goto('/prayer-requests?tab=friendRequests');
    await expect(page.getByText(`Friend ${WORD100.slice(0, 40)}`)).toBeVisible();
    await expectNoSidewaysScroll(page, "friends' requests");

    await page.goto('/prayer-groups');
    await expect(page.getByText('Lagos Wednesday group').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'groups');

    await page.goto(`/prayer-groups/${group.data._id}`);
    await expect(page.getByText(`Prayer ${WORD100.slice(0, 40)}`).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'group');

    await page.goto('/friends');
    await expect(page.getByText('Sade').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'friends');

    await page.goto('/dashboard');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText(new RegExp(WORD100.slice(0, 40))).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'notifications');
  });

  test('toasts sit at the top, clear of the Prayed buttons, swipe away, and never cover a dialog', async ({
    page,
    api,
    login,
    request,
  }) => {
    const me = await api.createUser({ firstName: 'Ife' });
    const mine = await api.login(me.email, me.password);
    const journal = await post<{ _id: string }>(request, mine, '/api/journals', {
      title: 'Evening',
    });
    for (const title of ['Healing for Dad', 'Wisdom at work', 'A new job']) {
      await post(request, mine, '/api/prayers', { journal: journal._id, title, content: title });
    }
    await login(me, `/journal/${journal._id}`);

    const prayedButtons = page.getByRole('button', { name: 'Prayed', exact: true });
    await prayedButtons.first().click();
    const shown = toast(page, 'Prayed').first();
    await expect(shown).toBeVisible();
    const toastBox = (await shown.boundingBox())!;
    expect(toastBox.y).toBeLessThan(100);
    for (const button of await prayedButtons.all()) {
      const b = await button.boundingBox();
      if (!b) continue;
      const overlaps = b.y < toastBox.y + toastBox.height && b.y + b.height > toastBox.y;
      expect(overlaps, 'a toast over a Prayed button').toBe(false);
    }

    // A swipe sideways sends it away.
    await page.mouse.move(toastBox.x + toastBox.width / 2, toastBox.y + toastBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(toastBox.x + toastBox.width / 2 + 150, toastBox.y + toastBox.height / 2, {
      steps: 8,
    });
    await page.mouse.up();
    await expect(toast(page, 'Prayed')).toHaveCount(0);

    // A toast left from an earlier action is gone once a dialog opens: the dialog's buttons work.
    await prayedButtons.nth(1).click();
    await expect(toast(page, 'Prayed').first()).toBeVisible();
    await page.getByRole('button', { name: 'Wisdom at work' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wisdom at work' });
    await expect(dialog).toBeVisible();
    await expect(toast(page, 'Prayed')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
  });

  test('the theme colour can be chosen on a phone, in Settings > Appearance', async ({
    page,
    api,
    login,
  }) => {
    const me = await api.createUser();
    await login(me, '/settings?tab=appearance');
    await expect(page.getByRole('button', { name: 'Change theme color' })).toBeHidden();
    const colors = page.getByRole('group', { name: 'Theme color' });
    await colors.getByRole('button', { name: 'Teal' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme-color', 'teal');
    await expect(colors.getByRole('button', { name: 'Teal' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expectNoSidewaysScroll(page, 'settings');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme-color', 'teal');
  });

  test('a dialog with typed text asks before Back, Escape or a tap outside throws it away', async ({
    page,
    api,
    login,
    request,
  }) => {
    const me = await api.createUser();
    const mine = await api.login(me.email, me.password);
    const journal = await post<{ _id: string }>(request, mine, '/api/journals', {
      title: 'Evening',
    });
    // In the app from page to page, as people go (Back is then the app's, not the browser's).
    await login(me, '/journals');
    await page.getByRole('link', { name: 'Evening' }).first().click();
    await expect(page).toHaveURL(`/journal/${journal._id}`);
    await page
      .getByRole('region', { name: 'Prayer Points' })
      .getByRole('button', { name: 'Add New Prayer' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add New Prayer' });
    await dialog.getByLabel('Title', { exact: true }).pressSequentially('Peace for Anna');
    const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });

    // Back (the phone's gesture): asked, and Keep editing stays here with the text.
    await page.goBack();
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(`/journal/${journal._id}`);
    await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Peace for Anna');

    // A tap outside: asked too.
    await page.mouse.click(10, 10);
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog).toBeVisible();

    // Escape, then Discard: closed, and the page stays.
    await page.keyboard.press('Escape');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/journal/${journal._id}`);
  });
});

test.describe('Pray now on an Android phone (issue 29 §4)', () => {
  // Android Chrome's user agent, screen and touch (the project's Chromium runs it).
  const { defaultBrowserType: _browser, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  /** A finger's swipe across the item card, as Android Chrome gets it. */
  async function swipe(page: Page, dx: number) {
    const card = page.getByRole('article').first();
    const box = (await card.boundingBox())!;
    const y = box.y + box.height / 2;
    const startX = dx > 0 ? box.x + 10 : box.x + box.width - 10;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: startX, y }],
    });
    for (let step = 1; step <= 10; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: startX + (dx * step) / 10, y }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  test('a swipe records Prayed without leaving the session, and a reload resumes it', async ({
    page,
    api,
    login,
    request,
  }) => {
    test.setTimeout(90_000);
    const me = await api.createUser({ firstName: 'Chioma' });
    const mine = await api.login(me.email, me.password);
    const journal = await post<{ _id: string }>(request, mine, '/api/journals', {
      title: 'Morning',
    });
    for (const title of ['Healing for Dad', 'Wisdom at work', 'A new job', 'Peace for Anna']) {
      await post(request, mine, '/api/prayers', { journal: journal._id, title, content: title });
    }
    await login(me, '/dashboard');
    await page.goto('/pray');
    await page.getByLabel('How many items?').fill('4');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByText('1 of 4', { exact: true })).toBeVisible();
    const overscroll = await page.evaluate(
      () => getComputedStyle(document.documentElement).overscrollBehaviorX,
    );
    expect(overscroll).toBe('none');
    const touchAction = await page
      .getByRole('article')
      .first()
      .evaluate((element) => getComputedStyle(element).touchAction);
    expect(touchAction).toBe('pan-y');

    // Swipe right: Prayed, the next item, and still in /pray.
    await swipe(page, 250);
    await expect(page.getByText('2 of 4', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/pray');
    // Swipe left: Skip.
    await swipe(page, -250);
    await expect(page.getByText('3 of 4', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/pray');
    const third = await page.getByRole('heading', { level: 1 }).textContent();

    // A reload comes back to the same item, not to the Start screen.
    await page.reload();
    await expect(page.getByText('3 of 4', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(third!);
    await page.getByRole('button', { name: 'Prayed', exact: true }).click();
    await expect(page.getByText('4 of 4', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Prayed', exact: true }).click();
    // Two prayed by swipe and button before the reload's resume, one skipped.
    await expect(page.getByRole('heading', { level: 1, name: 'You prayed 3' })).toBeVisible();

    // Finished: a reload starts afresh.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pray now' })).toBeVisible();
  });
});
