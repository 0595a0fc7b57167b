import { expect, test, toast } from '../fixtures.ts';
import { seedAs, uniqueWord } from '../support/seed.ts';
import { APP_URL } from '../support/settings.ts';

test('creates a journal from the Daily Devotional template and finds it in the tabs', async ({
  page,
  api,
  login,
}) => {
  await login(await api.createUser(), '/journals');
  await expect(page.getByRole('heading', { name: 'My Journals', level: 1 })).toBeVisible();
  await expect(page.getByText('No journals found.')).toBeVisible();

  await page.getByRole('button', { name: 'New Journal', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Journal' });
  await dialog.getByRole('button', { name: /^Daily Devotional/ }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue('Daily Devotional');
  await expect(dialog.getByText('16/50 characters')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Private/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Create Journal' }).click();

  await expect(toast(page, 'Journal created!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('journal-card').filter({ hasText: 'Daily Devotional' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Private')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Owned by You' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'All Journals (1)' })).toBeVisible();

  await page.getByRole('tab', { name: 'My Journals (1)' }).click();
  await expect(card).toBeVisible();
  await page.getByRole('tab', { name: 'Shared (0)' }).click();
  await expect(page.getByText('No shared journals found.')).toBeVisible();
  await expect(page.getByText('Join a shared journal or invite others to yours!')).toBeVisible();

  await page.getByRole('tab', { name: /^All Journals/ }).click();
  const search = page.getByRole('searchbox', { name: 'Search journals' });
  await search.fill('DEVOTION');
  await expect(card).toBeVisible();
  await search.fill('nothing like it');
  await expect(page.getByText('No journals found.')).toBeVisible();

  await search.fill('');
  await card.getByRole('link', { name: 'Daily Devotional' }).click();
  await expect(page.getByRole('heading', { name: 'Daily Devotional', level: 1 })).toBeVisible();
});

test("another user joins the first user's public journal from /discover", async ({
  page,
  api,
  login,
}) => {
  const word = uniqueWord();
  const owner = await api.createUser({ firstName: 'Ruth' });
  const journal = await (
    await seedAs(api, owner)
  ).createJournal({ title: `Prayer Chain ${word}`, isPrivate: false });

  await login(await api.createUser({ firstName: 'Boaz' }), '/discover');
  await page.getByRole('searchbox', { name: 'Search public journals' }).fill(word);
  const card = page.getByTestId('journal-card').filter({ hasText: journal.title });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('1 member', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Join Journal' }).click();

  await expect(card.getByRole('button', { name: 'Member' })).toBeDisabled();
  await expect(card.getByText('2 members')).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/discover?q=${word}`);

  // The joined journal is now one of the user's shared journals.
  await page.goto('/journals');
  await page.getByRole('tab', { name: 'Shared (1)' }).click();
  await expect(
    page
      .getByTestId('journal-card')
      .filter({ hasText: journal.title })
      .getByRole('button', { name: 'Member' }),
  ).toBeDisabled();

  // A member may read it but not add prayers to it or delete it.
  await page.getByRole('link', { name: journal.title }).click();
  await expect(page.getByRole('heading', { name: journal.title, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  // aria-disabled: announced as unavailable, yet a click still explains why.
  const newPrayer = page.getByRole('button', { name: 'New Prayer', exact: true });
  await expect(newPrayer).toBeDisabled();
  await newPrayer.click({ force: true });
  await expect(
    toast(
      page,
      'Permission Denied',
      'You can only add prayers to your own journal. Please contact the owner to contribute.',
    ),
  ).toBeVisible();
  const members = page.getByRole('list', { name: 'Journal members' });
  await expect(members.getByText('Owner')).toBeVisible();
  await expect(members.getByText('Member', { exact: true })).toBeVisible();
});

test('the discover tabs show popular, new and trending journals', async ({ page, api, login }) => {
  const word = uniqueWord();
  const owner = await seedAs(api, await api.createUser());
  const active = await owner.createJournal({ title: `Active ${word}`, isPrivate: false });
  await owner.addPublicPrayer(active, 'Peace in the city');
  const quiet = await owner.createJournal({ title: `Quiet ${word}`, isPrivate: false });
  await owner.createJournal({ title: `Hidden ${word}`, isPrivate: true });

  await login(await api.createUser(), '/discover');
  await expect(page.getByRole('heading', { name: 'Discover', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search public journals' }).fill(word);
  const titles = page.getByTestId('journal-card').getByRole('link');

  // Popular: both public journals (one member each), never the private one.
  await expect(titles).toHaveCount(2);
  // Exact names: the Featured Journal card may also link to one of them ('View Journal: …').
  await expect(page.getByRole('link', { name: active.title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: quiet.title, exact: true })).toBeVisible();

  // New: newest first.
  await page.getByRole('tab', { name: 'New' }).click();
  await expect(titles).toHaveText([quiet.title, active.title]);

  // Trending: only the journal with recent activity.
  await page.getByRole('tab', { name: 'Trending' }).click();
  await expect(titles).toHaveText([active.title]);

  await page.getByRole('searchbox', { name: 'Search public journals' }).fill(`Quiet ${word}`);
  await expect(page.getByText('No trending journals found.')).toBeVisible();
  await page.getByRole('tab', { name: 'Popular' }).click();
  await expect(titles).toHaveText([quiet.title]);
});

test('deletes a journal after its confirmation', async ({ page, api, login }) => {
  const owner = await api.createUser();
  const journal = await (
    await seedAs(api, owner)
  ).createJournal({ title: `Old Notes ${uniqueWord()}`, isPrivate: true });

  await login(owner, `/journal/${journal._id}`);
  await expect(page.getByRole('heading', { name: journal.title, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('heading', { name: journal.title, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete Journal' }).click();

  await expect(toast(page, 'Journal Deleted')).toBeVisible();
  await expect(page).toHaveURL(`${APP_URL}/journals`);
  await expect(page.getByText('No journals found.')).toBeVisible();

  await page.goto(`/journal/${journal._id}`);
  await expect(page.getByRole('heading', { name: 'Journal Not Found', level: 1 })).toBeVisible();
  await expect(
    page.getByText('The journal you are looking for does not exist or you do not have access.'),
  ).toBeVisible();
});
