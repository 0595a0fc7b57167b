import { expect, test, toast } from '../fixtures.ts';
import { seedAs, uniqueWord } from '../support/seed.ts';

test('a user creates a group on their journal, another finds and joins it, the first sees them', async ({
  page,
  api,
  login,
  openAs,
}) => {
  const word = uniqueWord();
  const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
  const boaz = await api.createUser({ firstName: 'Boaz', lastName: 'Ephrath' });
  // Creating prayer groups is a Premium feature.
  await api.upgrade(ruth);
  const journal = await (
    await seedAs(api, ruth)
  ).createJournal({ title: `Harvest ${word}`, isPrivate: false });
  const groupName = `Dawn Watch ${word}`;

  // Ruth creates the group in the UI, attached to her journal.
  await login(ruth, '/prayer-groups');
  await expect(page.getByRole('heading', { name: 'Prayer Groups', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New Prayer Group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Prayer Group' });
  await expect(dialog.getByRole('switch', { name: 'Private' })).not.toBeChecked();

  // The spec's checks come first.
  await dialog.getByRole('button', { name: 'Create Group' }).click();
  await expect(dialog.getByText('Group name is required.')).toBeVisible();
  await expect(dialog.getByText('Description is required.')).toBeVisible();
  await expect(toast(page, 'Journal required', 'Please select a journal to attach.')).toBeVisible();

  await dialog.getByLabel('Group name').fill(groupName);
  await dialog.getByLabel('Description').fill('We pray at first light for the harvest.');
  await dialog.getByRole('combobox', { name: 'Journal' }).click();
  await page.getByRole('option', { name: journal.title }).click();
  await dialog.getByRole('button', { name: 'Create Group' }).click();

  await expect(toast(page, 'Prayer group created!')).toBeVisible();
  await expect(dialog).toBeHidden();
  const ruthsCard = page.getByTestId('group-card').filter({ hasText: groupName });
  await expect(ruthsCard).toBeVisible();
  await expect(ruthsCard.getByText('Public')).toBeVisible();
  await expect(ruthsCard.getByText('1 member', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'My Groups' }).getByRole('link', { name: groupName }),
  ).toBeVisible();

  // Boaz, in his own browser, searches for it and joins.
  const boazPage = await openAs(boaz, '/prayer-groups');
  try {
    await boazPage.getByRole('searchbox', { name: 'Search groups' }).fill(word);
    const card = boazPage.getByTestId('group-card').filter({ hasText: groupName });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `Join ${groupName}` }).click();
    await expect(
      toast(boazPage, 'Joined prayer group', `You are now a member of "${groupName}".`),
    ).toBeVisible();
    await expect(card.getByText('2 members')).toBeVisible();

    await card.getByRole('link', { name: groupName }).click();
    await expect(boazPage.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
    await expect(boazPage.getByRole('button', { name: 'Leave Group' })).toBeVisible();
    // Not an admin: no manage area.
    await expect(boazPage.getByRole('button', { name: 'Delete Group' })).toHaveCount(0);
  } finally {
    await boazPage.context().close();
  }

  // Ruth opens her group and sees Boaz among the members.
  await ruthsCard.getByRole('link', { name: groupName }).click();
  await expect(page.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
  await expect(page.getByTestId('group-member-count')).toHaveText('2 members');
  const members = page.getByRole('list', { name: 'Group members' });
  const boazRow = members.getByRole('listitem').filter({ hasText: 'Boaz Ephrath' });
  await expect(boazRow).toBeVisible();
  await expect(boazRow.getByText('Member', { exact: true })).toBeVisible();
  await expect(
    members.getByRole('listitem').filter({ hasText: 'Ruth Moab' }).getByText('Admin'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Manage Group' })).toBeVisible();
});

test('a group around a private journal shows "Private journal" and no prayers to others', async ({
  page,
  api,
  login,
  openAs,
}) => {
  const word = uniqueWord();
  const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
  const boaz = await api.createUser({ firstName: 'Boaz', lastName: 'Ephrath' });
  await api.upgrade(ruth);
  const seed = await seedAs(api, ruth);
  const journal = await seed.createJournal({ title: `Secret Harvest ${word}`, isPrivate: true });
  const prayerTitle = `Rain for the fields ${word}`;
  await seed.post('/api/prayers', {
    title: prayerTitle,
    content: 'Send rain in its season.',
    journal: journal._id,
    isPrivate: false,
  });
  const groupName = `Open Field ${word}`;
  const created = await seed.post<{ data: { _id: string } }>('/api/prayer-groups', {
    name: groupName,
    description: 'Anyone may pray with us.',
    isPublic: true,
    journalId: journal._id,
  });
  const groupId = created.data._id;

  // Boaz may see the public group, but not its private journal: no title, no prayers.
  await login(boaz, '/prayer-groups');
  await page.getByRole('searchbox', { name: 'Search groups' }).fill(word);
  const card = page.getByTestId('group-card').filter({ hasText: groupName });
  await expect(card.getByText('Private journal')).toBeVisible();
  await card.getByRole('link', { name: groupName }).click();
  await expect(page.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
  await expect(page.getByText('This group prays with a private journal.')).toBeVisible();
  await expect(page.getByText(journal.title)).toHaveCount(0);
  await expect(page.getByText(prayerTitle)).toHaveCount(0);
  // Joining the group does not open the journal.
  await page.getByRole('button', { name: 'Join Group' }).click();
  await expect(page.getByRole('button', { name: 'Leave Group' })).toBeVisible();
  await expect(page.getByText('This group prays with a private journal.')).toBeVisible();
  await expect(page.getByText(prayerTitle)).toHaveCount(0);

  // Ruth, who owns the journal, sees both.
  const ruthPage = await openAs(ruth, `/prayer-groups/${groupId}`);
  await expect(ruthPage.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
  await expect(ruthPage.getByRole('link', { name: prayerTitle })).toBeVisible();
  await expect(ruthPage.getByText(`The public prayers of “${journal.title}”.`)).toBeVisible();
  await expect(ruthPage.getByRole('heading', { name: 'Pending invitations' })).toBeVisible();
});
