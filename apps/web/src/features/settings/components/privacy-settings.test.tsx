import { SettingsSchema, type Settings } from '@selah/shared/schemas/settings';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { buildSettings } from '@/testing/settings-factories';
import { expectToast } from '@/testing/toasts';
import { startGoogleConfirmation } from '../utils/google-confirm';
import { PrivacySettings } from './privacy-settings';

vi.mock('../utils/google-confirm', () => ({ startGoogleConfirmation: vi.fn() }));

function renderPrivacy(settings: Settings = buildSettings(), googleConfirmed = false) {
  useAuthStore.getState().setSession('test-token', buildUser());
  server.use(http.get(`${API}/users/me/settings`, () => HttpResponse.json(settings)));
  return renderComponent(<PrivacySettings googleConfirmed={googleConfirmed} />);
}

const group = (name: string) => screen.getByRole('radiogroup', { name });

describe('Settings > Privacy', () => {
  it("starts from the spec's defaults: Friends, Everyone, Friends", async () => {
    renderPrivacy();

    expect(
      await within(
        await screen.findByRole('radiogroup', { name: 'Profile visibility' }),
      ).findByRole('radio', { name: /^Friends/ }),
    ).toBeChecked();
    expect(
      within(group('Friend requests')).getByRole('radio', { name: /^Everyone/ }),
    ).toBeChecked();
    expect(
      within(group('Journal invitations')).getByRole('radio', { name: /^Friends/ }),
    ).toBeChecked();
    for (const label of ['Public', 'Friends', 'Private']) {
      expect(
        within(group('Profile visibility')).getByRole('radio', { name: new RegExp(`^${label}`) }),
      ).toBeInTheDocument();
    }
    for (const label of ['Everyone', 'Friends of Friends', 'Off']) {
      expect(
        within(group('Friend requests')).getByRole('radio', { name: new RegExp(`^${label}`) }),
      ).toBeInTheDocument();
    }
    for (const label of ['Everyone', 'Friends', 'Off']) {
      expect(
        within(group('Journal invitations')).getByRole('radio', { name: new RegExp(`^${label}`) }),
      ).toBeInTheDocument();
    }
  });

  it('says what each profile visibility means on every surface that shows a person', async () => {
    renderPrivacy();

    const visibility = await screen.findByRole('radiogroup', { name: 'Profile visibility' });
    expect(visibility.closest('fieldset')).toHaveAccessibleDescription(
      'Who sees your name and photo anywhere on Selah. Also always: people you send a friend request to, members of your journals, and owners and admins of the journals and groups you join.',
    );
    expect(within(visibility).getByRole('radio', { name: /^Public/ })).toHaveAccessibleName(
      'PublicAnyone signed in sees your name and photo and can find you by name.',
    );
    expect(within(visibility).getByRole('radio', { name: /^Friends/ })).toHaveAccessibleName(
      'FriendsFriends and friends of friends see you and find you by name; others only by your exact username or e-mail.',
    );
    expect(within(visibility).getByRole('radio', { name: /^Private/ })).toHaveAccessibleName(
      'PrivateOnly your friends see your name and photo; others find you only by your exact e-mail address.',
    );
  });

  it('saves each choice at once with the whole privacy object', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/users/me/privacy`, async ({ request }) => {
        const privacy = (await request.json()) as Settings['privacy'];
        bodies.push(privacy);
        return HttpResponse.json(SettingsSchema.parse(buildSettings({ privacy })));
      }),
    );
    const { user } = renderPrivacy();

    await user.click(
      within(await screen.findByRole('radiogroup', { name: 'Profile visibility' })).getByRole(
        'radio',
        { name: /^Private/ },
      ),
    );
    await expectToast('Privacy updated!', 'Your privacy settings have been saved.');
    await user.click(
      within(group('Friend requests')).getByRole('radio', { name: /^Friends of Friends/ }),
    );
    await user.click(within(group('Journal invitations')).getByRole('radio', { name: /^Off/ }));

    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies).toEqual([
      { profileVisibility: 'private', friendRequests: 'everyone', journalInvites: 'friends' },
      {
        profileVisibility: 'private',
        friendRequests: 'friends_of_friends',
        journalInvites: 'friends',
      },
      { profileVisibility: 'private', friendRequests: 'friends_of_friends', journalInvites: 'off' },
    ]);
    await waitFor(() =>
      expect(useAuthStore.getState().user?.settings.privacy).toMatchObject({
        profileVisibility: 'private',
        friendRequests: 'friends_of_friends',
        journalInvites: 'off',
      }),
    );
    expect(within(group('Journal invitations')).getByRole('radio', { name: /^Off/ })).toBeChecked();
  });

  it('puts the choice back and says so when saving fails', async () => {
    let failed = false;
    server.use(
      http.put(`${API}/users/me/privacy`, () => {
        failed = true;
        return apiError(500, { code: 'INTERNAL', message: 'Something went wrong.' });
      }),
      http.get(`${API}/users/me/settings`, () => HttpResponse.json(buildSettings())),
    );
    const { user } = renderPrivacy();

    await user.click(
      within(await screen.findByRole('radiogroup', { name: 'Profile visibility' })).getByRole(
        'radio',
        { name: /^Public/ },
      ),
    );

    await expectToast('Privacy not saved', 'Something went wrong.');
    expect(failed).toBe(true);
    await waitFor(() =>
      expect(
        within(group('Profile visibility')).getByRole('radio', { name: /^Friends/ }),
      ).toBeChecked(),
    );
  });
});

describe('Settings > Privacy > Your data', () => {
  it('downloads the activity history as a file', async () => {
    server.use(
      http.get(
        `${API}/users/me/export`,
        () =>
          new HttpResponse(JSON.stringify({ journals: [] }), {
            headers: {
              'Content-Type': 'application/json; charset=utf-8',
              'Content-Disposition': 'attachment; filename="selah-activity-history.json"',
            },
          }),
      ),
    );
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const { user } = renderPrivacy();

    await user.click(await screen.findByRole('button', { name: 'Download activity history' }));

    await expectToast('Download started', 'Saving selah-activity-history.json.');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]).toHaveAttribute('download', 'selah-activity-history.json');
    expect(clicked[0]).toHaveAttribute('href', 'blob:export');
    expect(await created[0]!.text()).toBe('{"journals":[]}');
  });

  it('clears the data only after DELETE and the password, and shows a wrong password', async () => {
    const clears: unknown[] = [];
    server.use(
      http.post(`${API}/users/me/clear`, async ({ request }) => {
        const body = (await request.json()) as { password?: string };
        clears.push(body);
        return body.password === 'right-pass'
          ? HttpResponse.json({
              message: 'Your journals, prayers and prayer requests have been removed.',
            })
          : apiError(403, { code: 'FORBIDDEN', message: 'That password is not right.' });
      }),
    );
    const { user } = renderPrivacy();

    await user.click(await screen.findByRole('button', { name: 'Clear Data' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear all your data?' });

    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELET');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Data' }));
    expect(within(dialog).getByText('Type DELETE to confirm.')).toBeVisible();
    expect(within(dialog).getByText('Please enter your password.')).toBeVisible();
    expect(clears).toEqual([]);

    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'E');
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Data' }));
    expect(await within(dialog).findByText('That password is not right.')).toBeVisible();

    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'right-pass');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Data' }));

    await expectToast(
      'Data cleared',
      'Your journals, prayers and prayer requests have been removed.',
    );
    expect(clears).toEqual([
      { confirm: 'DELETE', password: 'wrong-pass' },
      { confirm: 'DELETE', password: 'right-pass' },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('a Google-only account confirms with Google first, then clears with DELETE alone', async () => {
    const sent = vi.fn();
    server.use(http.post(`${API}/users/me/clear`, sent));
    const { user } = renderPrivacy(buildSettings({ profile: { hasPassword: false } }));

    await user.click(await screen.findByRole('button', { name: 'Clear Data' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear all your data?' });
    expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Data' }));
    expect(within(dialog).getByText('Please confirm with Google first.')).toBeVisible();
    expect(sent).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Confirm with Google' }));
    expect(startGoogleConfirmation).toHaveBeenCalledWith('clear');
    expect(within(dialog).getByRole('button', { name: 'Opening Google...' })).toBeDisabled();
  });

  it('back from Google, the dialog is open and confirmed; a used-up confirmation asks again', async () => {
    const clears: unknown[] = [];
    server.use(
      http.post(`${API}/users/me/clear`, async ({ request }) => {
        clears.push(await request.json());
        return clears.length === 1
          ? apiError(403, {
              code: 'FORBIDDEN',
              message: 'Please confirm with Google first: your account signs in with Google.',
            })
          : HttpResponse.json({ message: 'Cleared.' });
      }),
    );
    const { user } = renderPrivacy(buildSettings({ profile: { hasPassword: false } }), true);

    const dialog = await screen.findByRole('alertdialog', { name: 'Clear all your data?' });
    expect(
      within(dialog).getByText('Confirmed with Google. Finish within 5 minutes.'),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Clear Data' }));

    expect(
      await within(dialog).findByText(
        'Your confirmation with Google has expired or was used. Please confirm again.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Confirm with Google' })).toBeEnabled();
    expect(clears).toEqual([{ confirm: 'DELETE' }]);
  });

  it('starts the confirmation empty each time and cancels without clearing', async () => {
    const sent = vi.fn();
    server.use(http.post(`${API}/users/me/clear`, sent));
    const { user } = renderPrivacy();

    await user.click(await screen.findByRole('button', { name: 'Clear Data' }));
    let dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Clear Data' }));
    dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveValue('');
    expect(sent).not.toHaveBeenCalled();
  });
});
