import type { Page, TestInfo } from '@playwright/test';
import { expect, PHONE_DARK, test, toast } from '../fixtures.ts';
import { seedAs, uniqueWord } from '../support/seed.ts';

/**
 * Issue 29 §3: the page shows what the bell already knows. A live notification refreshes what
 * it changed on the receiver's open page (no reload), and following it shows the latest.
 */
/** The page at 1280 and 375 px, light and dark, for looking at (the run's output folder). */
async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  const shoot = async (scheme: string) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await page.screenshot({ path: testInfo.outputPath(`${name}-${width}-${scheme}.png`) });
    }
  };
  await shoot('light');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await shoot('dark');
  await page.getByRole('button', { name: 'Switch to light mode' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A request's card, by its heading (not the article's name, which needs the page hydrated). */
const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

const bell = (page: Page, unread: number) =>
  page.getByRole('button', { name: `Notifications, ${unread} unread`, exact: true });

test.describe('Live updates', () => {
  // Two users in two browser contexts.
  test.describe.configure({ timeout: 120_000 });

  test('a friend commits: the owner’s card counts them at once; the notification leads to the same', async ({
    page,
    api,
    login,
    openAs,
  }, testInfo) => {
    const title = `Exams ${uniqueWord()}`;
    const lydia = await api.createUser({ firstName: 'Lydia', lastName: 'Thyatira' });
    const paul = await api.createUser({ firstName: 'Paul', lastName: 'Tarsus' });
    await api.befriend(lydia, paul);
    await (
      await seedAs(api, lydia)
    ).post('/api/prayer-requests', { title, category: 'Personal', isPrivate: false });

    // Lydia's list is open, nobody praying yet; her bell has the accepted friend request.
    await login(lydia, '/prayer-requests');
    const mine = card(page, title);
    // The first read of a page may be slow on a busy machine: the live part is what is timed.
    await expect(mine.getByText('0 people praying')).toBeVisible({ timeout: 30_000 });
    await expect(bell(page, 1)).toBeVisible({ timeout: 30_000 });

    // Paul, on his phone, commits.
    const paulPage = await openAs(paul, '/prayer-requests?tab=friendRequests', PHONE_DARK);
    const theirs = card(paulPage, title);
    await theirs.getByRole('button', { name: "I'm Praying" }).click({ timeout: 30_000 });
    await paulPage.getByRole('menuitem', { name: 'Until answered' }).click();
    await expect(toast(paulPage, 'Prayer response recorded!')).toBeVisible();

    // Lydia's bell and her card change together, without a reload.
    await expect(bell(page, 2)).toBeVisible();
    await expect(mine.getByText('1 person praying')).toBeVisible();
    await screenshots(page, testInfo, 'live-card');

    // Following the notification shows the same, fresh.
    await bell(page, 2).click();
    await page
      .getByRole('link', { name: `Paul Tarsus is praying for your request "${title}".` })
      .click();
    await expect(page).toHaveURL(/\/prayer-requests$/);
    await expect(card(page, title).getByText('1 person praying')).toBeVisible();
  });

  test('a friend joins the owner’s group: the group page moves them from pending to members at once', async ({
    page,
    api,
    login,
    openAs,
  }, testInfo) => {
    const word = uniqueWord();
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    const boaz = await api.createUser({ firstName: 'Boaz', lastName: 'Ephrath' });
    await api.befriend(ruth, boaz);
    await api.upgrade(ruth);
    const asRuth = await seedAs(api, ruth);
    const journal = await asRuth.createJournal({ title: `Harvest ${word}`, isPrivate: false });
    const groupName = `Gleaners ${word}`;
    const group = await asRuth.post<{ data: { _id: string } }>('/api/prayer-groups', {
      name: groupName,
      description: 'We pray at the harvest.',
      isPublic: false,
      journalId: journal._id,
    });
    const groupId = group.data._id;
    await asRuth.post(`/api/prayer-groups/${groupId}/invite`, { userIds: [boaz.id] }, 200);

    // Ruth's group page is open (its bell read in the browser: the page is live).
    await login(ruth, `/prayer-groups/${groupId}`);
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    const members = page.getByRole('list', { name: 'Group members' });
    await expect(pending.getByText('Boaz Ephrath')).toBeVisible({ timeout: 30_000 });
    await expect(members.getByText('Boaz Ephrath')).toHaveCount(0);
    await expect(bell(page, 1)).toBeVisible({ timeout: 30_000 });

    // Boaz, on his phone, accepts the invitation.
    const boazPage = await openAs(boaz, `/prayer-groups/${groupId}`, PHONE_DARK);
    await boazPage.getByRole('button', { name: 'Join Group' }).click({ timeout: 30_000 });
    await expect(toast(boazPage, 'Joined prayer group')).toBeVisible();

    // Ruth's page, still open, shows him as a member and no longer as pending.
    await expect(bell(page, 2)).toBeVisible();
    await expect(members.getByText('Boaz Ephrath')).toBeVisible();
    await expect(page.getByText('No pending invitations.')).toBeVisible();
    await screenshots(page, testInfo, 'live-group');
  });
});

test.describe('Prayed on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('a double tap on Prayed records one Prayed (issue 29 §5)', async ({ page, api, login }) => {
    const hannah = await api.createUser({ firstName: 'Hannah', lastName: 'Elkanah' });
    const seed = await seedAs(api, hannah);
    const journal = await seed.createJournal({ title: `Shiloh ${uniqueWord()}`, isPrivate: true });
    const prayer = await seed.addPublicPrayer(journal, 'A child for Hannah');

    await login(hannah, `/prayer/${prayer._id}`);
    await expect(page.getByTestId('prayed-summary')).toHaveText(/Not prayed yet/, {
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Prayed', exact: true }).dblclick();
    await expect(toast(page, 'Prayed')).toBeVisible();
    await expect(page.getByTestId('prayed-summary')).toHaveText(/Prayed 1 time, last today/);
    await page.reload();
    await expect(page.getByTestId('prayed-summary')).toHaveText(/Prayed 1 time, last today/, {
      timeout: 30_000,
    });
  });
});
