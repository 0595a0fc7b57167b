import { UserSchema, type User } from '@selah/shared/schemas/auth';
import { AVATAR_MAX_BYTES, type Settings } from '@selah/shared/schemas/settings';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as TimeZones from '@/lib/time-zones';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { buildSettings } from '@/testing/settings-factories';
import { expectToast } from '@/testing/toasts';
import { startGoogleConfirmation } from '../utils/google-confirm';
import { ProfileSettings } from './profile-settings';

vi.mock('../utils/google-confirm', () => ({ startGoogleConfirmation: vi.fn() }));
// This device is in Lagos (ADR 057).
vi.mock('@/lib/time-zones', async (importOriginal) => ({
  ...(await importOriginal<typeof TimeZones>()),
  deviceTimeZone: () => 'Africa/Lagos',
}));

const jane = buildUser({
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  username: 'janedoe',
});

/** The user the server answers with after a change (the settings' profile applied). */
function userFrom(profile: Partial<Settings['profile']> & { timeZone?: string | null }): User {
  const { timeZone, hasPassword: _hasPassword, ...rest } = profile;
  return UserSchema.parse({
    ...jane,
    ...rest,
    settings: { ...jane.settings, ...(timeZone ? { timeZone } : {}) },
  });
}

function renderProfile(settings: Settings = buildSettings(), googleConfirmed = false) {
  useAuthStore.getState().setSession('test-token', jane);
  server.use(http.get(`${API}/users/me/settings`, () => HttpResponse.json(settings)));
  const onSignedOut = vi.fn();
  return {
    ...renderComponent(
      <ProfileSettings onSignedOut={onSignedOut} googleConfirmed={googleConfirmed} />,
    ),
    onSignedOut,
  };
}

describe('Settings > Profile', () => {
  const createObjectURL = vi.fn((_file: Blob) => 'blob:preview');
  beforeEach(() => {
    // jsdom has no object URLs; the photo preview needs one.
    createObjectURL.mockClear();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
  });

  it("shows the profile, with this device's zone preselected and UTC in use until one is picked", async () => {
    renderProfile(buildSettings({ profile: { bio: 'Mother of three.' } }));

    expect(await screen.findByLabelText('First name')).toHaveValue('Jane');
    expect(screen.getByLabelText('Last name')).toHaveValue('Doe');
    expect(screen.getByLabelText('Username')).toHaveValue('janedoe');
    expect(screen.getByLabelText('Bio')).toHaveValue('Mother of three.');
    expect(screen.getByText('16/500 characters')).toBeInTheDocument();
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveTextContent('Africa/Lagos');
    expect(zone).not.toHaveTextContent('Eastern Time');
    expect(zone).toHaveAccessibleDescription(
      'From this device, not saved yet: your statistics use UTC until you pick a time zone.',
    );
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
  });

  it("saves the changes, says 'Profile updated!' and updates the signed-in user", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/users/me/profile`, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        return HttpResponse.json(userFrom(body));
      }),
    );
    const { user } = renderProfile();

    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Janet');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'Janet.Prays');
    await user.type(screen.getByLabelText('Bio'), 'I pray for my town.');
    expect(screen.getByText('19/500 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Time zone' }));
    await user.type(screen.getByRole('combobox', { name: 'Search time zones' }), 'Pacific Time');
    await user.click(await screen.findByRole('option', { name: /Pacific Time/ }));
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Spanish' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await expectToast('Profile updated!', 'Your changes have been saved.');
    expect(bodies).toEqual([
      {
        firstName: 'Janet',
        username: 'janet.prays',
        bio: 'I pray for my town.',
        timeZone: 'America/Los_Angeles',
        language: 'es',
      },
    ]);
    expect(useAuthStore.getState().user).toMatchObject({
      firstName: 'Janet',
      username: 'janet.prays',
      language: 'es',
      settings: { timeZone: 'America/Los_Angeles' },
    });
    expect(screen.getByLabelText('Username')).toHaveValue('janet.prays');
  });

  it.each([
    ['a zone an earlier form saved', 'America/New_York'],
    ["none (this device's is shown)", null],
  ])('saving the bio sends only the bio, never a zone: %s', async (_case, stored) => {
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/users/me/profile`, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        return HttpResponse.json(userFrom({ ...body, timeZone: stored }));
      }),
    );
    const { user } = renderProfile(buildSettings({ profile: { timeZone: stored } }));

    await user.type(await screen.findByLabelText('Bio'), 'Praying for Lagos.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await expectToast('Profile updated!', 'Your changes have been saved.');
    expect(bodies).toEqual([{ bio: 'Praying for Lagos.' }]);
  });

  it("saves this device's zone once it is picked, though it was shown already", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/users/me/profile`, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        return HttpResponse.json(userFrom(body));
      }),
    );
    const { user } = renderProfile();

    await user.click(await screen.findByRole('combobox', { name: 'Time zone' }));
    const thisDevice = screen.getByRole('group', { name: 'This device' });
    await user.click(within(thisDevice).getByRole('option', { name: /Lagos/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await expectToast('Profile updated!', 'Your changes have been saved.');
    expect(bodies).toEqual([{ timeZone: 'Africa/Lagos' }]);
  });

  it('says so and sends nothing when nothing changed', async () => {
    const sent = vi.fn();
    server.use(http.put(`${API}/users/me/profile`, sent));
    const { user } = renderProfile();

    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));

    await expectToast('Nothing to save', 'Your profile is as it was.');
    expect(sent).not.toHaveBeenCalled();
  });

  describe('time zone picker', () => {
    it("offers every zone the server accepts, by region, this device's first", async () => {
      const { user } = renderProfile(buildSettings({ profile: { timeZone: 'America/New_York' } }));

      await user.click(await screen.findByRole('combobox', { name: 'Time zone' }));

      const list = screen.getByRole('listbox', { name: 'Time zones' });
      const groups = within(list).getAllByRole('group');
      expect(groups[0]).toHaveAccessibleName('This device');
      expect(within(groups[0]!).getByRole('option')).toHaveTextContent('Africa/Lagos');
      expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual(
        expect.arrayContaining(['Africa', 'Americas', 'Asia', 'Europe', 'Pacific', 'UTC and GMT']),
      );
      // The shared list (ADR 054): 418 zones by country, UTC, Etc/UTC and Etc/GMT, plus Lagos again.
      expect(within(list).getAllByRole('option')).toHaveLength(422);
      expect(within(list).getByRole('option', { selected: true, name: /New York/ })).toBeVisible();
      // Names the server refuses are not offered.
      for (const name of [/US\/Pacific/, /Asia\/Calcutta/, /Etc\/GMT\+5/])
        expect(within(list).queryByRole('option', { name })).toBeNull();
    });

    it.each([
      ['Lagos', 'Africa/Lagos'],
      ['Atlantis', null],
      ['Eastern Time', 'America/New_York'],
      ['Central Time', 'America/Chicago'],
      ['Mountain Time', 'America/Denver'],
      ['Pacific Time', 'America/Los_Angeles'],
      ['GMT', 'Etc/GMT'],
      ['Central European Time', 'Europe/Paris'],
      ['sao paulo', 'America/Sao_Paulo'],
      ['Buenos Aires', 'America/Argentina/Buenos_Aires'],
    ])('a search for %j finds %s', async (query, zone) => {
      const { user } = renderProfile();
      await user.click(await screen.findByRole('combobox', { name: 'Time zone' }));
      await user.type(screen.getByRole('combobox', { name: 'Search time zones' }), query);

      const list = screen.getByRole('listbox', { name: 'Time zones' });
      if (zone === null) {
        expect(within(list).queryAllByRole('option')).toHaveLength(0);
        expect(within(list).getByText(`No time zone matches “${query}”.`)).toBeVisible();
      } else {
        expect(
          within(list)
            .getAllByRole('option')
            .map((option) => option.textContent),
        ).toContainEqual(expect.stringContaining(zone));
      }
    });

    it('is used with the keyboard: type, arrows, Enter', async () => {
      const { user } = renderProfile();
      const trigger = await screen.findByRole('combobox', { name: 'Time zone' });
      trigger.focus();
      await user.keyboard('{Enter}');
      const search = screen.getByRole('combobox', { name: 'Search time zones' });
      expect(search).toHaveFocus();
      await user.keyboard('Paris');
      expect(search).toHaveAttribute(
        'aria-activedescendant',
        within(screen.getByRole('listbox')).getByRole('option', { name: /Europe\/Paris/ }).id,
      );
      await user.keyboard('{Enter}');

      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(trigger).toHaveTextContent('Central European Time · Europe/Paris');
    });
  });

  it("shows the server's answers under the fields: a taken username, a time zone it refuses", async () => {
    let answer = 0;
    server.use(
      http.put(`${API}/users/me/profile`, () => {
        answer += 1;
        return answer === 1
          ? apiError(409, {
              code: 'CONFLICT',
              message: 'That username is taken. Please choose another.',
            })
          : apiError(400, {
              code: 'VALIDATION_FAILED',
              message: 'Please choose a valid time zone.',
              details: [{ path: 'body.timeZone', message: 'Please choose a valid time zone.' }],
            });
      }),
    );
    const { user } = renderProfile();

    await user.click(await screen.findByRole('combobox', { name: 'Time zone' }));
    await user.type(screen.getByRole('combobox', { name: 'Search time zones' }), 'Paris');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('That username is taken. Please choose another.')).toBeVisible();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please choose a valid time zone.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('checks the username and the bio length before sending', async () => {
    const sent = vi.fn();
    server.use(http.put(`${API}/users/me/profile`, sent));
    const { user } = renderProfile();

    await user.clear(await screen.findByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'a b');
    await user.click(screen.getByLabelText('Bio'));
    await user.paste('x'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(
      await screen.findByText('Usernames are 3-30 letters, digits, dots or underscores.'),
    ).toBeVisible();
    expect(screen.getByText('Bio must be 500 characters or less.')).toBeVisible();
    expect(screen.getByText('501/500 characters')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  describe('photo', () => {
    const photoInput = () => screen.getByLabelText('Profile photo file');

    it('refuses a file that is not a PNG, JPEG or WebP image, without sending it', async () => {
      const sent = vi.fn();
      server.use(http.put(`${API}/users/me/avatar`, sent));
      renderProfile();
      await screen.findByRole('button', { name: 'Upload photo' });

      // As when the file picker's filter is switched to "All files".
      const user = userEvent.setup({ applyAccept: false });
      await user.upload(photoInput(), new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Please upload a PNG, JPEG or WebP image.',
      );
      await expectToast('Photo not uploaded', 'Please upload a PNG, JPEG or WebP image.');
      expect(sent).not.toHaveBeenCalled();
    });

    it('refuses a photo larger than 2 MB, without sending it', async () => {
      const sent = vi.fn();
      server.use(http.put(`${API}/users/me/avatar`, sent));
      const { user } = renderProfile();
      await screen.findByRole('button', { name: 'Upload photo' });

      const big = new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'big.png', {
        type: 'image/png',
      });
      await user.upload(photoInput(), big);

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The photo must be 2 MB or smaller.',
      );
      expect(sent).not.toHaveBeenCalled();
    });

    it('uploads a photo as the raw image, previews it and shows the saved one', async () => {
      const uploads: { type: string | null; size: number }[] = [];
      server.use(
        http.put(`${API}/users/me/avatar`, async ({ request }) => {
          uploads.push({
            type: request.headers.get('Content-Type'),
            size: (await request.arrayBuffer()).byteLength,
          });
          return HttpResponse.json(userFrom({ profilePicture: '/api/avatars/jane?v=1' }));
        }),
      );
      const { user } = renderProfile();
      await screen.findByRole('button', { name: 'Upload photo' });

      const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'me.png', {
        type: 'image/png',
      });
      await user.upload(photoInput(), png);

      await expectToast('Photo updated!', 'Your new photo is saved.');
      expect(uploads).toEqual([{ type: 'image/png', size: 7 }]);
      expect(createObjectURL).toHaveBeenCalledWith(png);
      expect(useAuthStore.getState().user?.profilePicture).toBe('/api/avatars/jane?v=1');
      expect(await screen.findByRole('button', { name: 'Change photo' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    });

    it('shows the server refusing a photo', async () => {
      server.use(
        http.put(`${API}/users/me/avatar`, () =>
          apiError(413, {
            code: 'PAYLOAD_TOO_LARGE',
            message: 'The photo must be 2 MB or smaller.',
          }),
        ),
      );
      const { user } = renderProfile();
      await screen.findByRole('button', { name: 'Upload photo' });

      await user.upload(photoInput(), new File(['x'], 'me.webp', { type: 'image/webp' }));

      await expectToast('Photo not uploaded', 'The photo must be 2 MB or smaller.');
      expect(screen.getByRole('button', { name: 'Upload photo' })).toBeEnabled();
    });

    it('removes the photo', async () => {
      server.use(
        http.delete(`${API}/users/me/avatar`, () =>
          HttpResponse.json(userFrom({ profilePicture: null })),
        ),
      );
      const { user } = renderProfile(
        buildSettings({ profile: { profilePicture: '/api/avatars/jane?v=1' } }),
      );

      await user.click(await screen.findByRole('button', { name: 'Remove' }));

      await expectToast('Photo removed', 'Your initials show instead.');
      expect(await screen.findByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    });
  });

  describe('e-mail', () => {
    async function openDialog() {
      const result = renderProfile();
      await result.user.click(await screen.findByRole('button', { name: 'Change e-mail' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change e-mail address' });
      return { ...result, dialog };
    }

    it('sends a link to the new address after the password confirms it; the address stays until it is opened', async () => {
      const bodies: unknown[] = [];
      const message =
        'We sent a link to jane.new@example.com. Your address changes when you open it.';
      server.use(
        http.put(`${API}/users/me/email`, async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ message });
        }),
      );
      const { user, dialog } = await openDialog();
      expect(dialog).toHaveTextContent('we send a link to the new address');

      await user.type(within(dialog).getByLabelText('New e-mail address'), 'jane.new@example.com');
      await user.type(within(dialog).getByLabelText('Current password'), 'secret-pass');
      await user.click(within(dialog).getByRole('button', { name: 'Send link' }));

      await expectToast('Check your inbox', message);
      expect(bodies).toEqual([{ email: 'jane.new@example.com', password: 'secret-pass' }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByTestId('current-email')).toHaveTextContent('jane@example.com');
      expect(useAuthStore.getState().user?.email).toBe('jane@example.com');
    });

    it('shows a wrong password and an address in use under their fields', async () => {
      let answer = 0;
      server.use(
        http.put(`${API}/users/me/email`, () => {
          answer += 1;
          return answer === 1
            ? apiError(403, { code: 'FORBIDDEN', message: 'That password is not right.' })
            : apiError(409, {
                code: 'CONFLICT',
                message: 'An account with this e-mail already exists.',
              });
        }),
      );
      const { user, dialog } = await openDialog();

      await user.type(within(dialog).getByLabelText('New e-mail address'), 'ruth@example.com');
      await user.type(within(dialog).getByLabelText('Current password'), 'wrong');
      await user.click(within(dialog).getByRole('button', { name: 'Send link' }));

      expect(await within(dialog).findByText('That password is not right.')).toBeVisible();
      expect(within(dialog).getByLabelText('Current password')).toHaveFocus();

      await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
      expect(
        await within(dialog).findByText('An account with this e-mail already exists.'),
      ).toBeVisible();
      expect(within(dialog).getByLabelText('New e-mail address')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      expect(useAuthStore.getState().user?.email).toBe('jane@example.com');
    });

    it('checks the address and asks for the password before sending', async () => {
      const sent = vi.fn();
      server.use(http.put(`${API}/users/me/email`, sent));
      const { user, dialog } = await openDialog();

      await user.type(within(dialog).getByLabelText('New e-mail address'), 'not-an-address');
      await user.click(within(dialog).getByRole('button', { name: 'Send link' }));

      expect(await within(dialog).findByText('Please enter a valid email address.')).toBeVisible();
      expect(within(dialog).getByText('Please enter your password.')).toBeVisible();
      expect(sent).not.toHaveBeenCalled();
    });

    it('explains how a Google-only account changes its address', async () => {
      renderProfile(buildSettings({ profile: { hasPassword: false } }));

      expect(await screen.findByText(/Your account signs in with Google/)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Change e-mail' })).not.toBeInTheDocument();
    });
  });

  describe('Delete Account', () => {
    it('asks for DELETE and the password, shows a wrong password, then deletes', async () => {
      const bodies: unknown[] = [];
      server.use(
        http.delete(`${API}/users/me`, async ({ request }) => {
          const body = (await request.json()) as { password?: string };
          bodies.push(body);
          return body.password === 'right-pass'
            ? new HttpResponse(null, { status: 204 })
            : apiError(403, { code: 'FORBIDDEN', message: 'That password is not right.' });
        }),
      );
      const { user, onSignedOut } = renderProfile();

      await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });

      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      expect(within(dialog).getByText('Type DELETE to confirm.')).toBeVisible();
      expect(within(dialog).getByText('Please enter your password.')).toBeVisible();
      expect(bodies).toEqual([]);

      await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
      await user.type(within(dialog).getByLabelText('Your password'), 'wrong-pass');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      expect(within(dialog).getByText('Type DELETE to confirm.')).toBeVisible();
      expect(bodies).toEqual([]);

      await user.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
      await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      expect(await within(dialog).findByText('That password is not right.')).toBeVisible();
      expect(onSignedOut).not.toHaveBeenCalled();

      await user.clear(within(dialog).getByLabelText('Your password'));
      await user.type(within(dialog).getByLabelText('Your password'), 'right-pass');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

      await expectToast('Account deleted', 'Your account and everything in it have been removed.');
      expect(onSignedOut).toHaveBeenCalledTimes(1);
      expect(bodies).toEqual([
        { confirm: 'DELETE', password: 'wrong-pass' },
        { confirm: 'DELETE', password: 'right-pass' },
      ]);
    });

    it('an account without a password confirms with Google before it can delete', async () => {
      const sent = vi.fn();
      server.use(http.delete(`${API}/users/me`, sent));
      const { user } = renderProfile(buildSettings({ profile: { hasPassword: false } }));

      await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(within(dialog).queryByLabelText('Your password')).not.toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
      expect(within(dialog).getByText('Please confirm with Google first.')).toBeVisible();
      expect(sent).not.toHaveBeenCalled();

      await user.click(within(dialog).getByRole('button', { name: 'Confirm with Google' }));
      expect(startGoogleConfirmation).toHaveBeenCalledWith('delete');
    });

    it('back from Google the dialog is open and confirmed, and DELETE alone deletes', async () => {
      const bodies: unknown[] = [];
      server.use(
        http.delete(`${API}/users/me`, async ({ request }) => {
          bodies.push(await request.json());
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const { user, onSignedOut } = renderProfile(
        buildSettings({ profile: { hasPassword: false } }),
        true,
      );

      const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
      expect(
        within(dialog).getByText('Confirmed with Google. Finish within 5 minutes.'),
      ).toBeVisible();
      await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

      await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
      expect(bodies).toEqual([{ confirm: 'DELETE' }]);
    });
  });

  describe('Sign out everywhere', () => {
    it('asks first, then ends every session and signs out here', async () => {
      const sent = vi.fn();
      server.use(
        http.post(`${API}/auth/logout-all`, ({ request }) => {
          sent(request.headers.get('authorization'));
          return new HttpResponse(null, { status: 204 });
        }),
      );
      const { user, onSignedOut } = renderProfile();

      await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(sent).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
      const again = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
      await user.click(within(again).getByRole('button', { name: 'Sign out everywhere' }));

      await expectToast(
        'Signed out everywhere',
        'Every device signed in to your account has been signed out.',
      );
      expect(sent).toHaveBeenCalledWith('Bearer test-token');
      expect(onSignedOut).toHaveBeenCalledTimes(1);
    });

    it('a failure says so and keeps this browser signed in', async () => {
      server.use(
        http.post(`${API}/auth/logout-all`, () =>
          apiError(503, {
            code: 'SERVICE_UNAVAILABLE',
            message: 'Selah is busy. Please try again.',
          }),
        ),
      );
      const { user, onSignedOut } = renderProfile();

      await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
      await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

      await expectToast('Not signed out', 'Selah is busy. Please try again.');
      expect(onSignedOut).not.toHaveBeenCalled();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    });
  });
});
