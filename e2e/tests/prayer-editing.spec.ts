import { expect, test, toast } from '../fixtures.ts';
import { seedAs, uniqueWord } from '../support/seed.ts';

test.describe('A prayer can be edited, and sharing says what others will see (issue 29 §2)', () => {
  test('sharing a journal says a prayer is private; made visible, the friend sees it', async ({
    page,
    api,
    login,
    openAs,
  }) => {
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    const naomi = await api.createUser({ firstName: 'Naomi', lastName: 'Bethlehem' });
    await api.befriend(ruth, naomi);
    const journal = await (
      await seedAs(api, ruth)
    ).createJournal({ title: `Gleanings ${uniqueWord()}`, isPrivate: true });

    // Ruth writes a prayer: private by default (the spec).
    await login(ruth, `/journal/${journal._id}`);
    await page.getByRole('button', { name: 'New Prayer', exact: true }).click();
    const add = page.getByRole('dialog', { name: 'Add New Prayer' });
    await add.getByLabel('Title').fill('Bread in Bethlehem');
    await add.getByRole('button', { name: 'Add Prayer' }).click();
    await expect(toast(page, 'Prayer added!')).toBeVisible();
    const card = page.getByRole('article', { name: 'Bread in Bethlehem' });
    await expect(card.getByText('Private', { exact: true })).toBeVisible();

    // Sharing says so, and offers to show it.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Journal' });
    const notice = dialog.getByTestId('private-prayers-notice');
    await expect(notice).toContainText('1 private prayer');
    await expect(notice).toContainText('Friends you share this journal with will not see it.');
    await notice.getByRole('button', { name: 'Choose prayers to show' }).click();
    await notice.getByRole('checkbox', { name: /Bread in Bethlehem/ }).click();
    await notice.getByRole('button', { name: 'Make visible' }).click();
    await expect(
      toast(page, 'Prayers made visible', "1 prayer can now be seen by the journal's readers."),
    ).toBeVisible();
    await expect(notice).toBeHidden();

    await dialog.getByRole('checkbox', { name: /Naomi Bethlehem/ }).click();
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(toast(page, 'Shared successfully!')).toBeVisible();
    await expect(card.getByText('Private', { exact: true })).toHaveCount(0);

    // Naomi reads the journal and finds the prayer.
    const naomiPage = await openAs(naomi, `/journal/${journal._id}`);
    await expect(naomiPage.getByRole('heading', { name: journal.title, level: 1 })).toBeVisible();
    await expect(naomiPage.getByRole('article', { name: 'Bread in Bethlehem' })).toBeVisible();
    await expect(naomiPage.getByTestId('private-prayers-notice')).toHaveCount(0);
  });

  test("editing a prayer's title keeps its log", async ({ page, api, login }) => {
    const anna = await api.createUser({ firstName: 'Anna' });
    const seed = await seedAs(api, anna);
    const journal = await seed.createJournal({ title: 'Temple prayers', isPrivate: true });
    const prayer = await seed.addPublicPrayer(journal, 'Redemption of Jerusalem');

    await login(anna, `/prayer/${prayer._id}`);
    await page.getByRole('button', { name: 'Prayed', exact: true }).click();
    await expect(page.getByTestId('prayed-summary')).toHaveText('Prayed 1 time, last today');
    await page.getByRole('textbox', { name: 'Add a note' }).fill('She spoke of Him to everyone.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(toast(page, 'Note added')).toBeVisible();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edit Prayer' });
    await expect(form.getByLabel('Title')).toHaveValue('Redemption of Jerusalem');
    await form.getByLabel('Title').fill('The redemption of Jerusalem');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      toast(page, 'Prayer updated', '"The redemption of Jerusalem" was saved.'),
    ).toBeVisible();
    await expect(form).toBeHidden();

    await expect(
      page.getByRole('heading', { name: 'The redemption of Jerusalem', level: 1 }),
    ).toBeVisible();
    // Its log stays, also after a reload (from the server).
    await page.reload();
    await expect(
      page.getByRole('heading', { name: 'The redemption of Jerusalem', level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('prayed-summary')).toHaveText('Prayed 1 time, last today');
    const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
    await expect(timeline).toContainText('She spoke of Him to everyone.');
    await expect(timeline).toContainText('Prayed 1 time this week');

    // The details dialog offers the same form.
    await page.goto(`/journal/${journal._id}`);
    await page.getByRole('button', { name: 'The redemption of Jerusalem' }).click();
    const details = page.getByRole('dialog', { name: 'The redemption of Jerusalem' });
    await details.getByRole('button', { name: 'Edit Prayer' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Prayer' }).getByLabel('Title')).toHaveValue(
      'The redemption of Jerusalem',
    );
  });
});
