import { randomBytes } from 'node:crypto';
import { expect, test, toast } from '../fixtures.ts';

test.describe('Prayer requests', () => {
  // Three users, each in a browser context of their own, with page loads and reloads: on a
  // 2-core CI machine running two workers this journey alone takes 25-47 s.
  test.describe.configure({ timeout: 90_000 });

  test('a private request reaches only the chosen friend, who prays for it', async ({
    page,
    api,
    login,
    openAs,
  }) => {
    const title = `Exams ${randomBytes(3).toString('hex')}`;
    const hannah = await api.createUser({ firstName: 'Hannah', lastName: 'Ramah' });
    const eli = await api.createUser({ firstName: 'Eli', lastName: 'Shiloh' });
    const peninnah = await api.createUser({ firstName: 'Peninnah', lastName: 'Ramah' });
    await api.befriend(hannah, eli);
    await api.befriend(hannah, peninnah);

    // Hannah asks for prayer, privately, and ticks only Eli.
    await login(hannah, '/prayer-requests');
    await expect(page.getByRole('heading', { name: 'Prayer Requests', level: 1 })).toBeVisible();
    await expect(page.getByText('You have not shared any prayer requests yet.')).toBeVisible();
    await page.getByRole('button', { name: 'New Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Prayer Request' });
    await dialog.getByRole('button', { name: 'Create Request' }).click();
    await expect(
      toast(page, 'Title required', 'Please provide a title for your prayer request.'),
    ).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: /Description/ }).fill('Wisdom and calm this week.');
    await expect(dialog.getByRole('switch', { name: 'Private request' })).toBeChecked();
    const share = dialog.getByRole('group', { name: 'Share with friends' });
    await share.getByRole('checkbox', { name: 'Eli Shiloh' }).click();
    await expect(share.getByRole('checkbox', { name: 'Peninnah Ramah' })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Create Request' }).click();
    await expect(toast(page, 'Prayer request created!')).toBeVisible();
    await expect(dialog).toBeHidden();

    const mine = page.getByRole('article', { name: title });
    await expect(mine.getByText('Private')).toBeVisible();
    await expect(mine.getByText('Shared with 1 friend')).toBeVisible();
    await expect(mine.getByText('0 people praying')).toBeVisible();

    // Peninnah is Hannah's friend too, but was not chosen: she sees nothing.
    const peninnahPage = await openAs(peninnah, '/prayer-requests?tab=friendRequests');
    try {
      await expect(
        peninnahPage.getByText('No prayer requests from your friends yet.'),
      ).toBeVisible();
      await expect(peninnahPage.getByText(title)).toHaveCount(0);
    } finally {
      await peninnahPage.context().close();
    }

    // Eli sees it from Hannah and prays for it; the button becomes 'Praying'.
    const eliPage = await openAs(eli, '/prayer-requests?tab=friendRequests');
    try {
      const request = eliPage.getByRole('article', { name: title });
      await expect(request.getByText(/^From /)).toBeVisible();
      await request.getByRole('button', { name: "I'm Praying" }).click();
      await eliPage.getByRole('menuitem', { name: 'Pray once today' }).click();
      await expect(toast(eliPage, 'Prayer response recorded!')).toBeVisible();
      await expect(request.getByRole('button', { name: 'Praying today' })).toBeVisible();
      await expect(request.getByText('1 person praying')).toBeVisible();

      // It stays after a reload: the state comes from the server, for the signed-in user.
      await eliPage.reload();
      await expect(
        eliPage
          .getByRole('article', { name: title })
          .getByRole('button', { name: 'Praying today' }),
      ).toBeVisible();
    } finally {
      await eliPage.context().close();
    }

    // Hannah sees one person praying, and who it is.
    await page.reload();
    await expect(mine.getByText('1 person praying')).toBeVisible();
    await mine.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details.getByRole('heading', { name: 'People Praying (1)' })).toBeVisible();
    await expect(
      details.getByRole('list', { name: 'People praying' }).getByRole('listitem'),
    ).toHaveCount(1);
  });

  test('a friend can take back their prayer, and the creator can delete the request', async ({
    page,
    api,
    login,
    openAs,
  }) => {
    const title = `Job interview ${randomBytes(3).toString('hex')}`;
    const anna = await api.createUser({ firstName: 'Anna', lastName: 'Asher' });
    const simeon = await api.createUser({ firstName: 'Simeon', lastName: 'Temple' });
    await api.befriend(anna, simeon);
    const { token } = await api.login(anna.email, anna.password);
    const created = await api.request.post('/api/prayer-requests', {
      headers: { authorization: `Bearer ${token}` },
      data: { title, description: '', category: 'Career', isPrivate: false, sharedWith: [] },
    });
    expect(created.status(), await created.text()).toBe(201);

    const simeonPage = await openAs(simeon, '/prayer-requests?tab=friendRequests');
    try {
      const request = simeonPage.getByRole('article', { name: title });
      await expect(request.getByText('Public')).toBeVisible();
      await request.getByRole('button', { name: "I'm Praying" }).click();
      await simeonPage.getByRole('menuitem', { name: 'Until answered' }).click();
      await request.getByRole('button', { name: 'Praying until answered' }).click();
      await simeonPage.getByRole('menuitem', { name: 'Stop praying' }).click();
      await expect(toast(simeonPage, 'Prayer response removed!')).toBeVisible();
      await expect(request.getByRole('button', { name: "I'm Praying" })).toBeVisible();
    } finally {
      await simeonPage.context().close();
    }

    await login(anna, '/prayer-requests');
    const mine = page.getByRole('article', { name: title });
    await mine.getByRole('button', { name: `Delete "${title}"` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    await expect(
      confirm.getByText(
        'This action cannot be undone. This will permanently delete this prayer request.',
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await expect(toast(page, 'Prayer Request Deleted')).toBeVisible();
    await expect(page.getByText('You have not shared any prayer requests yet.')).toBeVisible();
  });
});
