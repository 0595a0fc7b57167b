import { expect, test, toast } from '../fixtures.ts';
import { seedAs, uniqueWord } from '../support/seed.ts';

test.describe('Sharing you can take back', () => {
  test('an owner shares a private journal, then stops sharing: the friend loses it', async ({
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

    // Ruth shares it from the journal's page.
    await login(ruth, `/journal/${journal._id}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Share Journal' });
    await expect(
      dialog.getByText('You have not shared this journal with anyone yet.'),
    ).toBeVisible();
    await dialog.getByRole('checkbox', { name: /Naomi Bethlehem/ }).click();
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(toast(page, 'Shared successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const members = page.getByRole('list', { name: 'Journal members' });
    await expect(
      members.getByRole('listitem').filter({ hasText: 'Naomi Bethlehem' }),
    ).toContainText('Member · via share');

    // Naomi reads it, and finds it among her journals.
    const naomiPage = await openAs(naomi, `/journal/${journal._id}`);
    await expect(naomiPage.getByRole('heading', { name: journal.title, level: 1 })).toBeVisible();

    // Ruth takes the share back.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Share Journal' });
    const shared = dialog.getByRole('list', { name: 'Shared with' });
    await expect(shared.getByText('Naomi Bethlehem')).toBeVisible();
    await shared.getByRole('button', { name: 'Stop sharing with Naomi Bethlehem' }).click();
    await expect(
      toast(page, 'Stopped sharing', `Naomi Bethlehem can no longer read "${journal.title}".`),
    ).toBeVisible();
    await expect(
      dialog.getByText('You have not shared this journal with anyone yet.'),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(members.getByText('Naomi Bethlehem')).toHaveCount(0);

    // On her next request the journal is gone for Naomi, from its page and from her list.
    await naomiPage.reload();
    await expect(
      naomiPage.getByRole('heading', { name: 'Journal Not Found', level: 1 }),
    ).toBeVisible();
    await naomiPage.goto('/journals');
    await expect(naomiPage.getByText('No journals found.')).toBeVisible();
    await expect(naomiPage.getByRole('link', { name: journal.title })).toHaveCount(0);
  });

  test('a member leaves a journal shared with them', async ({ page, api, login, openAs }) => {
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    const naomi = await api.createUser({ firstName: 'Naomi', lastName: 'Bethlehem' });
    await api.befriend(ruth, naomi);
    const seed = await seedAs(api, ruth);
    const journal = await seed.createJournal({ title: `Harvest ${uniqueWord()}`, isPrivate: true });
    await seed.share('journals', journal._id, [naomi]);

    await login(naomi, '/journals');
    await page.getByRole('link', { name: journal.title }).click();
    await expect(page.getByRole('heading', { name: journal.title, level: 1 })).toBeVisible();
    await expect(page.getByText('Naomi Bethlehem (you)')).toBeVisible();

    await page.getByRole('button', { name: 'Leave Journal' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Leave this journal?' });
    await expect(confirm).toContainText('you will no longer be able to read it');
    await confirm.getByRole('button', { name: 'Leave Journal' }).click();

    await expect(
      toast(page, 'You left the journal', `"${journal.title}" is no longer in your journals.`),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/journals$/);
    await expect(page.getByText('No journals found.')).toBeVisible();
    // The journal it left is not read again on the way out (no error from a 404).
    await expect(toast(page, 'Error')).toHaveCount(0);
    await page.goto(`/journal/${journal._id}`);
    await expect(page.getByRole('heading', { name: 'Journal Not Found', level: 1 })).toBeVisible();

    // The owner's members card no longer lists her.
    const ruthPage = await openAs(ruth, `/journal/${journal._id}`);
    const members = ruthPage.getByRole('list', { name: 'Journal members' });
    await expect(members.getByText('Ruth Moab')).toBeVisible();
    await expect(members.getByText('Naomi Bethlehem')).toHaveCount(0);
  });

  test('the owner removes a member of a public journal', async ({ page, api, login, openAs }) => {
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    const boaz = await api.createUser({ firstName: 'Boaz', lastName: 'Ephrath' });
    const journal = await (
      await seedAs(api, ruth)
    ).createJournal({ title: `Threshing ${uniqueWord()}`, isPrivate: false });
    await (await seedAs(api, boaz)).join(journal);

    await login(ruth, `/journal/${journal._id}`);
    const members = page.getByRole('list', { name: 'Journal members' });
    await members.getByRole('button', { name: 'Remove Boaz Ephrath' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Boaz Ephrath?' });
    await expect(confirm).toContainText(
      `Boaz Ephrath will no longer be a member of "${journal.title}".`,
    );
    await confirm.getByRole('button', { name: 'Remove' }).click();

    await expect(
      toast(page, 'Member removed', `Boaz Ephrath is no longer a member of "${journal.title}".`),
    ).toBeVisible();
    await expect(members.getByText('Boaz Ephrath')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove Boaz Ephrath' })).toHaveCount(0);

    // The journal has left Boaz's lists (he may still find it, as it is public).
    const boazPage = await openAs(boaz, '/journals');
    await expect(boazPage.getByText('No journals found.')).toBeVisible();
  });

  test('unfriending ends a shared prayer: the friend can no longer open it', async ({
    page,
    api,
    login,
    openAs,
  }) => {
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    const orpah = await api.createUser({ firstName: 'Orpah', lastName: 'Moab' });
    await api.befriend(ruth, orpah);
    const seed = await seedAs(api, ruth);
    const journal = await seed.createJournal({ title: `Moab ${uniqueWord()}`, isPrivate: true });
    const prayer = await seed.addPublicPrayer(journal, `Bread for Moab ${uniqueWord()}`);
    await seed.share('prayers', prayer._id, [orpah]);

    // Orpah reads the prayer; its journal is private to her, so it says 'Shared with you'.
    const orpahPage = await openAs(orpah, `/prayer/${prayer._id}`);
    await expect(orpahPage.getByRole('heading', { name: prayer.title, level: 1 })).toBeVisible();
    await expect(orpahPage.getByText('Shared with you')).toBeVisible();
    await expect(orpahPage.getByRole('link', { name: new RegExp(journal.title) })).toHaveCount(0);

    // Ruth removes Orpah as a friend.
    await login(ruth, '/friends');
    await page
      .getByRole('article', { name: 'Orpah Moab' })
      .getByRole('button', { name: 'Remove' })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Orpah Moab?' });
    await expect(confirm).toContainText('Sharing between you ends');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Friend removed.')).toBeVisible();

    await orpahPage.reload();
    await expect(
      orpahPage.getByRole('heading', { name: 'Prayer Not Found', level: 1 }),
    ).toBeVisible();
  });
});
