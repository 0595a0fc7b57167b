import { UserSchema } from '@selah/shared/schemas/auth';
import type { AppearanceInput } from '@selah/shared/schemas/settings';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { buildSettings } from '@/testing/settings-factories';
import { expectToast } from '@/testing/toasts';

const html = document.documentElement;

/** A signed-in user whose account keeps this appearance (also what /auth/me answers). */
function userWithAppearance(appearance: AppearanceInput) {
  const user = UserSchema.parse({
    ...buildUser(),
    settings: {
      ...buildUser().settings,
      theme: appearance.theme,
      appearance: { fontSize: appearance.fontSize, animations: appearance.animations },
    },
  });
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(user)));
  return user;
}

describe('/settings: account', () => {
  it('deletes the account, signs out, clears local storage and goes to /', async () => {
    const deletes: unknown[] = [];
    server.use(
      http.delete(`${API}/users/me`, async ({ request }) => {
        deletes.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderRoute('/settings', { user: buildUser() });

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(within(dialog).getByLabelText('Your password'), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'A quiet place to pray' }),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/');
    await expectToast('Account deleted');
    expect(deletes).toEqual([{ confirm: 'DELETE', password: 'my-password' }]);
    await waitFor(() => expect(useAuthStore.getState().token).toBeNull());
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('auth-storage')).toBeNull();
  });
});

describe('appearance, everywhere', () => {
  it("applies the signed-in user's font size, animations and dark mode on load", async () => {
    const user = userWithAppearance({ theme: 'dark', fontSize: 5, animations: false });

    await renderRoute('/dashboard', { user });

    expect(html).toHaveAttribute('data-font-size', '5');
    expect(html).toHaveAttribute('data-reduce-motion', 'true');
    expect(html).toHaveClass('dark');
    expect(JSON.parse(localStorage.getItem('appearance')!)).toEqual({
      fontSize: 5,
      animations: false,
    });
  });

  it("saves the header's light/dark toggle to the account too", async () => {
    const saves: AppearanceInput[] = [];
    server.use(
      http.put(`${API}/users/me/appearance`, async ({ request }) => {
        const appearance = (await request.json()) as AppearanceInput;
        saves.push(appearance);
        return HttpResponse.json(buildSettings({ appearance }));
      }),
    );
    const user = userWithAppearance({ theme: 'light', fontSize: 2, animations: null });
    const { user: pointer } = await renderRoute('/dashboard', { user });

    await pointer.click(screen.getByRole('button', { name: 'Switch to dark mode' }));

    expect(html).toHaveClass('dark');
    await waitFor(() => expect(saves).toEqual([{ theme: 'dark', fontSize: 2, animations: null }]));
    await waitFor(() => expect(useAuthStore.getState().user?.settings.theme).toBe('dark'));
  });

  it('the Appearance tab and the header share one dark mode', async () => {
    const user = userWithAppearance({ theme: 'light', fontSize: 3, animations: null });
    const { user: pointer } = await renderRoute('/settings?tab=appearance', { user });

    await pointer.click(await screen.findByRole('switch', { name: 'Dark mode' }));

    expect(html).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    await waitFor(() => expect(useAuthStore.getState().user?.settings.theme).toBe('dark'));
  });

  it('a refresh of the user that was on its way before a change does not undo it', async () => {
    const user = userWithAppearance({ theme: 'light', fontSize: 3, animations: null });
    let answerMe: () => void = () => undefined;
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    const saves: AppearanceInput[] = [];
    server.use(
      // Still the old appearance, and slow: it arrives after the change was saved.
      http.get(`${API}/auth/me`, async () => {
        await meAnswered;
        return HttpResponse.json(user);
      }),
      http.put(`${API}/users/me/appearance`, async ({ request }) => {
        const appearance = (await request.json()) as AppearanceInput;
        saves.push(appearance);
        return HttpResponse.json(buildSettings({ appearance }));
      }),
    );
    const { user: keys } = await renderRoute('/settings?tab=appearance', { user });

    act(() => screen.getByRole('slider', { name: 'Font size' }).focus());
    await keys.keyboard('{End}');
    await waitFor(() =>
      expect(useAuthStore.getState().user?.settings.appearance?.fontSize).toBe(5),
    );
    answerMe();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(saves).toHaveLength(1);
    expect(html).toHaveAttribute('data-font-size', '5');
    expect(useAuthStore.getState().user?.settings.appearance?.fontSize).toBe(5);
  });

  it('leaves a visitor with the defaults after signing out', async () => {
    const user = userWithAppearance({ theme: 'light', fontSize: 4, animations: false });
    const { user: pointer } = await renderRoute('/dashboard', { user });
    expect(html).toHaveAttribute('data-font-size', '4');

    await pointer.click(screen.getByRole('button', { name: 'Open user menu' }));
    await pointer.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'A quiet place to pray' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(html).toHaveAttribute('data-font-size', '3'));
    expect(html).not.toHaveAttribute('data-reduce-motion');
  });
});
