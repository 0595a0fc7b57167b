import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';
import type { Session } from '../support/api.ts';

/** POSTs as `session` and expects `status`; answers the JSON. */
async function post<T>(
  request: APIRequestContext,
  session: Session,
  path: string,
  data: unknown,
  status = 201,
): Promise<T> {
  const response = await request.post(path, {
    headers: { authorization: `Bearer ${session.token}` },
    data,
  });
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** A screenshot of the page as it is, kept with the test's results. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

const TITLES = ['Healing for Dad', 'Wisdom at work', 'A new job', 'Peace for Anna'];

test.describe('Pray now', () => {
  test('a person prays through five items with the timer, marks one answered, and sees the end', async ({
    page,
    api,
    login,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    // Four prayers of their own (one with a memory verse) and a friend's request they committed to.
    const me = await api.createUser({ firstName: 'Ruth' });
    const friend = await api.createUser({ firstName: 'Naomi', lastName: 'Friend' });
    await api.befriend(me, friend);
    const mine = await api.login(me.email, me.password);
    const theirs = await api.login(friend.email, friend.password);
    const journal = await post<{ _id: string }>(request, mine, '/api/journals', {
      title: 'Morning Prayers',
    });
    for (const title of TITLES) {
      await post(request, mine, '/api/prayers', {
        journal: journal._id,
        title,
        content: `Lord, we pray: ${title.toLowerCase()}.`,
        ...(title === 'Healing for Dad'
          ? { memoryVerse: { verse: 'The Lord is my shepherd.', reference: 'Psalm 23:1' } }
          : {}),
      });
    }
    const asked = await post<{ _id: string }>(request, theirs, '/api/prayer-requests', {
      title: 'Exams this week',
      description: 'Clarity of mind.',
      isPrivate: false,
    });
    // Daily for 7 days: it comes round again after today's Prayed.
    await post(request, mine, `/api/prayer-requests/${asked._id}/pray`, { cadence: 'daily7' }, 200);

    // A clock the test moves: the quiet timer's minutes pass at once.
    await page.clock.install();
    await login(me, '/dashboard');
    await page.getByRole('link', { name: 'Pray now' }).click();
    await expect(page).toHaveURL('/pray');
    await expect(page.getByRole('heading', { level: 1, name: 'Pray now' })).toBeVisible();
    // Distraction-free: no sidebar.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByLabel('How many items?').fill('5');
    await page.getByText('1 min', { exact: true }).click();
    await shot(page, testInfo, 'start-1280-light');
    await page.getByRole('button', { name: 'Start' }).click();

    const title = page.getByRole('heading', { level: 1 });
    const seen: string[] = [];
    for (let i = 1; i <= 5; i++) {
      await expect(page.getByText(`${i} of 5`, { exact: true })).toBeVisible();
      const current = (await title.textContent()) ?? '';
      seen.push(current);
      await expect(page.getByRole('status')).toHaveText(`Item ${i} of 5: ${current}`);
      const timer = page.getByRole('timer');
      // Each item starts its own minute (the last one's ran out). The installed clock flows in
      // real time until fast-forwarded, so a busy machine may already show a second or more gone.
      await expect(timer).toHaveAccessibleName(/^Quiet timer: (1:00|0:[3-5]\d) left$/);
      if (i === 1) await shot(page, testInfo, 'item-1280-light');
      await page.clock.fastForward('01:01');
      await expect(timer).toHaveAccessibleName('Quiet time is over');
      if (current === 'Healing for Dad')
        await expect(page.getByText('Psalm 23:1', { exact: true })).toBeVisible();
      if (current === 'Exams this week')
        await expect(page.getByText('Asked by Naomi Friend')).toBeVisible();
      if (current === 'A new job') {
        // Mark answered with a testimony (the A key), which goes on to the next item.
        await page.keyboard.press('a');
        const dialog = page.getByRole('dialog', { name: 'Mark answered' });
        await dialog.getByLabel('Your testimony').fill('Started on Monday. Thank you, Lord!');
        await shot(page, testInfo, 'answer-1280-light');
        await dialog.getByRole('button', { name: 'Mark answered' }).click();
        await expect(toast(page, 'Praise God!')).toBeVisible();
      } else {
        // The previous Prayed has finished recording (a key while one records is ignored).
        await expect(page.getByRole('button', { name: 'Prayed', exact: true })).toBeEnabled();
        await page.keyboard.press('Space');
      }
      if (i < 5) await expect(page.getByText(`${i + 1} of 5`, { exact: true })).toBeVisible();
    }
    expect([...seen].sort()).toEqual([...TITLES, 'Exams this week'].sort());

    await expect(page.getByRole('heading', { level: 1, name: 'You prayed 4' })).toBeVisible();
    await expect(page.getByText('Streak: 1 day')).toBeVisible();
    await shot(page, testInfo, 'end-1280-light');

    // The answered prayer carries the testimony.
    const list = await request.get('/api/prayers/user?status=answered', {
      headers: { authorization: `Bearer ${mine.token}` },
    });
    const answered = (await list.json()) as { data: { title: string; testimonies: string[] }[] };
    expect(answered.data).toEqual([
      expect.objectContaining({
        title: 'A new job',
        testimonies: ['Started on Monday. Thank you, Lord!'],
      }),
    ]);

    // One more round works (the next items come).
    await page.getByRole('button', { name: 'One more round' }).click();
    await expect(page.getByText(/^1 of \d+$/)).toBeVisible();

    // On a phone in dark mode, a reload: the round resumes where it was, in the device's theme
    // (the saved round is read after hydration; read during it, React rendered the document
    // again and the theme was lost).
    await page.setViewportSize({ width: 375, height: 812 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.getByText(/^1 of \d+$/)).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await page.getByRole('button', { name: 'End' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You prayed 0' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);

    // A fresh visit: the size is remembered; the buttons, not keys.
    await page.goto('/pray');
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(page.getByLabel('How many items?')).toHaveValue('5');
    await shot(page, testInfo, 'start-375-dark');
    await page.getByRole('button', { name: 'Start' }).click();
    // The answered prayer is gone; the rest come round again.
    const progress = page.getByText(/^1 of \d+$/);
    await expect(progress).toBeVisible();
    const total = Number(/of (\d+)/.exec((await progress.textContent()) ?? '')![1]);
    expect(total).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('heading', { level: 1, name: 'A new job' })).toBeHidden();
    await shot(page, testInfo, 'item-375-dark');
    let prayed = 0;
    for (let i = 1; i <= total; i++) {
      await expect(page.getByText(`${i} of ${total}`, { exact: true })).toBeVisible();
      if (i % 2) prayed += 1;
      await page.getByRole('button', { name: i % 2 ? 'Prayed' : 'Skip' }).click();
    }
    await expect(
      page.getByRole('heading', { level: 1, name: `You prayed ${prayed}` }),
    ).toBeVisible();
    await shot(page, testInfo, 'end-375-dark');
  });
});
