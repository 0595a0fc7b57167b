import { expect, test, toast } from '../fixtures.ts';
import { APP_URL } from '../support/settings.ts';

test.describe('Friends', () => {
  test('a user finds another, sends a friend request, and the other accepts it', async ({
    page,
    api,
    login,
    openAs,
  }) => {
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    const naomi = await api.createUser({ firstName: 'Naomi', lastName: 'Bethlehem' });

    // Ruth has nobody yet; she creates her invite link, her own sign-up link.
    await login(ruth, '/friends');
    await expect(page.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All Friends (0)' })).toBeVisible();
    await expect(page.getByText('No friends found.')).toBeVisible();
    await page.getByRole('button', { name: 'Create invite link' }).click();
    await expect(page.getByRole('textbox', { name: 'Your invite link' })).toHaveValue(
      new RegExp(`^${APP_URL}/signup\\?invite=`),
    );

    // She searches for Naomi by her e-mail address and asks her to be friends.
    await page.getByRole('button', { name: 'Add Friend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Friend' });
    await dialog.getByRole('searchbox', { name: 'Search users' }).fill(naomi.email);
    const results = dialog.getByRole('list', { name: 'Search results' });
    const row = results.getByRole('listitem').filter({ hasText: naomi.email });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Friend request sent!')).toBeVisible();
    await expect(row.getByText('Request sent')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Her sent request waits under Requests. Naomi's profile is for friends and their friends
    // (the default), which Ruth is not: the request shows no name, handle or photo.
    await page.getByRole('tab', { name: 'Requests (0)' }).click();
    const sent = page.getByRole('list', { name: 'Sent requests' });
    await expect(sent.getByRole('article', { name: 'Private profile' })).toBeVisible();
    await expect(sent.getByText('Naomi Bethlehem')).toHaveCount(0);

    // Naomi, in her own browser, opens her requests (where the notification links) and accepts.
    const naomiPage = await openAs(naomi, '/friends?tab=requests');
    try {
      await expect(naomiPage.getByRole('tab', { name: 'Requests (1)' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const request = naomiPage.getByRole('article', { name: 'Ruth Moab' });
      await expect(request.getByText(ruth.email)).toBeVisible();
      await request.getByRole('button', { name: 'Accept' }).click();
      await expect(toast(naomiPage, 'Friend request accepted!')).toBeVisible();
      await expect(naomiPage.getByText('No pending friend requests.')).toBeVisible();

      await naomiPage.getByRole('tab', { name: 'All Friends (1)' }).click();
      const friend = naomiPage.getByRole('article', { name: 'Ruth Moab' });
      // Ruth was just using the app: she is online.
      await expect(friend.getByRole('img', { name: 'Online' })).toBeVisible();
      await expect(friend.getByText('Active now')).toBeVisible();
      await expect(friend.getByText('0 shared journals')).toBeVisible();
      await expect(naomiPage.getByRole('tab', { name: 'Online (1)' })).toBeVisible();
    } finally {
      await naomiPage.context().close();
    }

    // Ruth sees Naomi among her friends; the sent request is gone.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Requests (0)' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sent requests' })).toHaveCount(0);
    await page.getByRole('tab', { name: /^All Friends/ }).click();
    await expect(page.getByRole('tab', { name: 'All Friends (1)' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Naomi Bethlehem' })).toBeVisible();

    // Searching filters by name or e-mail.
    await page.getByRole('searchbox', { name: 'Search friends' }).fill('nobody-here');
    await expect(page.getByText('No friends found.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search friends' }).fill(naomi.email);
    await expect(page.getByRole('article', { name: 'Naomi Bethlehem' })).toBeVisible();
  });

  test('a friend is removed after a confirmation', async ({ page, api, login }) => {
    const ruth = await api.createUser({ firstName: 'Ruth', lastName: 'Moab' });
    const orpah = await api.createUser({ firstName: 'Orpah', lastName: 'Moab' });
    await api.befriend(ruth, orpah);

    await login(ruth, '/friends');
    const card = page.getByRole('article', { name: 'Orpah Moab' });
    await card.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove Orpah Moab?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Friend removed.')).toBeVisible();
    await expect(page.getByText('No friends found.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All Friends (0)' })).toBeVisible();
  });
});
