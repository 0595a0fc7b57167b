import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, toast } from '../fixtures.ts';
import type { Session } from '../support/api.ts';

/** Creates a journal through the API as the signed-in user and returns its id. */
async function createJournal(
  request: APIRequestContext,
  session: Session,
  title: string,
): Promise<string> {
  const response = await request.post('/api/journals', {
    headers: { authorization: `Bearer ${session.token}` },
    data: { title, description: 'Prayers for this season.', isPrivate: true },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/** Adds a prayer through the add-prayer dialog opened by `open`. */
async function addPrayer(
  page: Page,
  open: () => Promise<void>,
  prayer: { title: string; content: string; category: string; verse?: [string, string] },
) {
  await open();
  const dialog = page.getByRole('dialog', { name: 'Add New Prayer' });
  await expect(dialog.getByRole('combobox', { name: 'Journal' })).toBeVisible();
  await dialog.getByLabel('Title', { exact: true }).fill(prayer.title);
  await dialog.getByLabel('Prayer', { exact: true }).fill(prayer.content);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: prayer.category, exact: true }).click();
  if (prayer.verse) {
    await dialog.getByRole('switch', { name: 'Add a memory verse' }).click();
    await dialog.getByLabel('Verse', { exact: true }).fill(prayer.verse[0]);
    await dialog.getByLabel('Reference', { exact: true }).fill(prayer.verse[1]);
  }
  await dialog.getByRole('button', { name: 'Add Prayer' }).click();
  await expect(toast(page, 'Prayer added!').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The titles of the prayer cards in the list on screen. */
function cards(page: Page) {
  return page
    .getByRole('list', { name: 'Prayers', exact: true })
    .getByRole('heading', { level: 3 });
}

test.describe('Prayers', () => {
  test('a journal owner prays, sees answers and testimonies, and the dashboard follows', async ({
    page,
    api,
    login,
    request,
  }) => {
    test.setTimeout(90_000);
    const session = await login(await api.createUser({ firstName: 'Ruth' }));
    const journalId = await createJournal(request, session, 'Morning Prayers');

    // --- The journal page: add three prayers ---------------------------------------------
    await page.goto(`/journal/${journalId}`);
    const section = page.getByRole('region', { name: 'Prayer Points' });
    await expect(section.getByText('No prayers found.')).toBeVisible();
    const addCard = () => section.getByRole('button', { name: 'Add New Prayer' }).click();

    // The title is checked before anything is sent.
    await addCard();
    const dialog = page.getByRole('dialog', { name: 'Add New Prayer' });
    await expect(dialog.getByRole('combobox', { name: 'Journal' })).toHaveText('Morning Prayers');
    await dialog.getByRole('button', { name: 'Add Prayer' }).click();
    await expect(
      toast(page, 'Title required', 'Please provide a title for your prayer.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addPrayer(page, addCard, {
      title: 'Healing for Dad',
      content: 'Strength for the knee surgery on Thursday.',
      category: 'Health',
    });
    await addPrayer(page, addCard, {
      title: 'New job',
      content: 'Guidance in the interviews.',
      category: 'Career',
      verse: ['Commit your work to the Lord.', 'Proverbs 16:3'],
    });
    await addPrayer(page, addCard, {
      title: 'Peace at home',
      content: 'Patience and kind words.',
      category: 'Family',
    });
    await expect(section.getByRole('tab', { name: 'Active (3)' })).toBeVisible();
    await expect(section.getByRole('tab', { name: 'Answered (0)' })).toBeVisible();
    await expect(cards(page)).toHaveCount(3);

    // --- Mark one answered and give a testimony -------------------------------------------
    await section.getByRole('button', { name: 'Healing for Dad' }).click();
    const details = page.getByRole('dialog', { name: 'Healing for Dad' });
    await expect(details.getByRole('heading', { name: 'Testimonies' })).toBeHidden();
    await details.getByRole('button', { name: 'Mark Answered' }).click();
    await expect(
      toast(page, 'Prayer status updated!', 'Prayer "Healing for Dad" is now answered.'),
    ).toBeVisible();
    await expect(details.getByRole('heading', { name: 'Testimonies' })).toBeVisible();
    await details.getByRole('button', { name: 'Add Testimony' }).click();
    await expect(
      toast(page, 'Testimony cannot be empty', 'Please enter your testimony before submitting.'),
    ).toBeVisible();
    await details
      .getByLabel('Your testimony')
      .fill('The surgery went well and he is walking again.');
    await details.getByRole('button', { name: 'Add Testimony' }).click();
    await expect(toast(page, 'Testimony added!')).toBeVisible();
    await expect(details.getByText('The surgery went well and he is walking again.')).toBeVisible();
    await details.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(details).toBeHidden();

    await expect(section.getByRole('tab', { name: 'Active (2)' })).toBeVisible();
    await expect(section.getByRole('tab', { name: 'Answered (1)' })).toBeVisible();

    // --- Filter by tab, category and search ------------------------------------------------
    await section.getByRole('tab', { name: 'Answered (1)' }).click();
    await expect(cards(page)).toHaveText(['Healing for Dad']);
    await section.getByRole('tab', { name: 'Active (2)' }).click();
    await expect(cards(page)).toHaveText(['Peace at home', 'New job']);
    await section.getByRole('combobox', { name: 'Filter by category' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'All Categories',
      'Career',
      'Family',
      'Health',
    ]);
    await page.getByRole('option', { name: 'Career' }).click();
    await expect(cards(page)).toHaveText(['New job']);
    await section.getByRole('combobox', { name: 'Filter by category' }).click();
    await page.getByRole('option', { name: 'All Categories' }).click();
    await section.getByRole('tab', { name: 'All' }).click();
    await section.getByRole('searchbox', { name: 'Search prayers' }).fill('PEACE');
    await expect(cards(page)).toHaveText(['Peace at home']);

    // --- Delete one, after its confirmation -----------------------------------------------
    await section.getByRole('button', { name: 'Peace at home' }).click();
    const doomed = page.getByRole('dialog', { name: 'Peace at home' });
    await doomed.getByRole('button', { name: 'Delete Prayer' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this prayer?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await doomed.getByRole('button', { name: 'Delete Prayer' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(toast(page, 'Prayer Deleted')).toBeVisible();
    await expect(doomed).toBeHidden();
    await expect(section.getByText('No prayers found.')).toBeVisible();
    await section.getByRole('searchbox', { name: 'Search prayers' }).fill('');
    await expect(cards(page)).toHaveText(['New job', 'Healing for Dad']);
    await expect(section.getByRole('tab', { name: 'Active (1)' })).toBeVisible();

    // --- The dashboard -------------------------------------------------------------------
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const stats = page.getByRole('region', { name: 'Prayer statistics' });
    const stat = (label: string) =>
      stats.locator('[data-slot="card"]').filter({ hasText: label }).locator('p').first();
    await expect(stat('Total Prayers')).toHaveText('2');
    await expect(stat('Active Prayer Points')).toHaveText('1');
    await expect(stat('Answered Prayers')).toHaveText('1');
    // Writing prayers is not praying them: the streak counts days with a Prayed (issue 20 §5).
    await expect(stat('Prayer Streak')).toHaveText('0 days');
    const activity = page.getByRole('region', { name: 'Activity' });
    // A Free user: statistics cover the last 7 days, so the month is locked (ADR 027).
    await expect(activity.getByRole('definition')).toHaveText(['2', '2', 'Locked, needs Premium']);
    await expect(
      activity.getByText('Free statistics cover the last 7 days', { exact: false }),
    ).toBeVisible();
    await expect(activity.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    const testimonies = page.getByRole('region', { name: 'Recent Testimonies' });
    const answered = testimonies.getByRole('article', { name: 'Healing for Dad' });
    await expect(answered.getByText('Answered', { exact: true })).toBeVisible();
    await expect(
      answered.getByText('The surgery went well and he is walking again.'),
    ).toBeVisible();
    const today = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date());
    await expect(answered.getByText(`Answered on ${today}`)).toBeVisible();
    await expect(answered.getByText(/^Faithfully prayed for \d+ \w+$/)).toBeVisible();
    // The memory verse of the user's own prayer, loaded on its own.
    const verse = page.getByRole('region', { name: 'Memory Verse' });
    await expect(verse.getByText('Proverbs 16:3')).toBeVisible();
    await expect(verse.getByText('From your prayers')).toBeVisible();

    // --- Prayer Points, through 'View all' -------------------------------------------------
    await testimonies.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/prayers\?tab=answered$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Prayer Points' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Answered (1)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(cards(page)).toHaveText(['Healing for Dad']);
    await page.getByRole('tab', { name: 'Active (1)' }).click();
    await expect(cards(page)).toHaveText(['New job']);
    await page.getByRole('tab', { name: 'All (2)' }).click();
    await expect(cards(page)).toHaveCount(2);

    const panel = page.getByRole('region', { name: 'Prayer Stats' });
    await expect(panel.getByText('1 of 2 · 50%')).toHaveCount(2);
    // The rhythm view replaces the spec's 7-day bars (issue 20 §5).
    const rhythm = page.getByRole('region', { name: 'Prayer rhythm' });
    await expect(rhythm.getByTestId('rhythm-streak')).toHaveText('Streak: 0 days');
    await expect(rhythm.getByRole('img', { name: /^Today, .*: not prayed yet$/ })).toBeVisible();
    const categories = page.getByRole('region', { name: 'Categories' }).getByRole('listitem');
    await expect(categories).toHaveText(['Career1', 'Health1']);
  });

  test('Prayer Points adds a prayer to the chosen journal and keeps filters in the address', async ({
    page,
    api,
    login,
    request,
  }) => {
    const session = await login(await api.createUser(), '/prayers');
    await createJournal(request, session, 'Evening Prayers');
    await page.reload();

    await expect(page.getByRole('tab', { name: 'Active (0)' })).toBeVisible();
    await expect(page.getByText('No active prayers.')).toBeVisible();
    const streak = page.getByRole('region', { name: 'Prayer rhythm' }).getByTestId('rhythm-streak');
    await expect(streak).toHaveText('Streak: 0 days');

    await addPrayer(
      page,
      () => page.getByRole('button', { name: 'New Prayer', exact: true }).click(),
      {
        title: 'Rain for the farms',
        content: 'Send rain in its season.',
        category: 'World Events',
      },
    );
    await expect(cards(page)).toHaveText(['Rain for the farms']);
    await expect(page.getByRole('tab', { name: 'Active (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All (1)' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Prayers', exact: true })).toContainText(
      'Evening Prayers',
    );
    // Writing a prayer is not praying it; praying it from its card starts the streak.
    await expect(streak).toHaveText('Streak: 0 days');
    await page
      .getByRole('article', { name: 'Rain for the farms' })
      .getByRole('button', { name: 'Prayed' })
      .click();
    await expect(streak).toHaveText('Streak: 1 day');

    await page.getByRole('combobox', { name: 'Filter by category' }).click();
    await page.getByRole('option', { name: 'Health' }).click();
    await expect(page.getByText('No active prayers.')).toBeVisible();
    await expect(page).toHaveURL(/category=Health/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Filter by category' })).toHaveText('Health');
    await page.getByRole('combobox', { name: 'Filter by category' }).click();
    await page.getByRole('option', { name: 'World Events' }).click();
    await expect(cards(page)).toHaveText(['Rain for the farms']);

    await page.getByRole('tab', { name: 'Answered (0)' }).click();
    await expect(page.getByText('No answered prayers yet.')).toBeVisible();
    await expect(page.getByText('Keep praying faithfully!')).toBeVisible();
  });
});
