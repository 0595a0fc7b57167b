import { UserSchema, type User } from '@selah/shared/schemas/auth';
import type { AppearanceInput } from '@selah/shared/schemas/settings';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { useThemeStore } from '@/stores/theme-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { renderComponent } from '@/testing/render';
import { buildSettings } from '@/testing/settings-factories';
import { expectToast } from '@/testing/toasts';
import { useAppearanceSync } from '../hooks/use-appearance-sync';
import { AppearanceSettings } from './appearance-settings';

const html = document.documentElement;

/** The Appearance tab with the app root's sync, as in the app. */
function Appearance() {
  useAppearanceSync();
  return <AppearanceSettings />;
}

function withAppearance(user: User, appearance: Partial<AppearanceInput>): User {
  const { theme = user.settings.theme, fontSize = 3, animations = null } = appearance;
  return UserSchema.parse({
    ...user,
    settings: { ...user.settings, theme, appearance: { fontSize, animations } },
  });
}

function recordSaves() {
  const saves: AppearanceInput[] = [];
  server.use(
    http.put(`${API}/users/me/appearance`, async ({ request }) => {
      const appearance = (await request.json()) as AppearanceInput;
      saves.push(appearance);
      return HttpResponse.json(buildSettings({ appearance }));
    }),
  );
  return saves;
}

function renderAppearance(user: User = buildUser()) {
  useAuthStore.getState().setSession('test-token', user);
  return renderComponent(<Appearance />);
}

describe('Settings > Appearance', () => {
  it('starts from the defaults: light, font size 3, animations on', () => {
    renderAppearance();

    expect(screen.getByRole('switch', { name: 'Dark mode' })).not.toBeChecked();
    expect(screen.getByRole('slider', { name: 'Font size' })).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByRole('slider', { name: 'Font size' })).toHaveAttribute(
      'aria-valuetext',
      '3 of 5, default',
    );
    expect(screen.getByRole('switch', { name: 'Animations' })).toBeChecked();
    expect(html).not.toHaveAttribute('data-reduce-motion');
  });

  it('applies dark mode to <html> at once and saves it to the account', async () => {
    const saves = recordSaves();
    const { user } = renderAppearance();

    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));

    expect(html).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await waitFor(() => expect(saves).toEqual([{ theme: 'dark', fontSize: 3, animations: null }]));
    await waitFor(() => expect(useAuthStore.getState().user?.settings.theme).toBe('dark'));
  });

  it('offers the theme colour, which phones have nowhere else, and keeps it on this device', async () => {
    const saves = recordSaves();
    const { user } = renderAppearance();
    const colors = screen.getByRole('group', { name: 'Theme color' });
    expect(within(colors).getAllByRole('button')).toHaveLength(9);
    expect(within(colors).getByRole('button', { name: 'Slate' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(colors).getByRole('button', { name: 'Teal' }));

    expect(within(colors).getByRole('button', { name: 'Teal' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(useThemeStore.getState().themeColor).toBe('teal');
    expect(localStorage.getItem('themeColor')).toBe('teal');
    expect(saves).toEqual([]);
  });

  it('scales the whole interface with the font size and saves it', async () => {
    const saves = recordSaves();
    const { user } = renderAppearance();

    const slider = screen.getByRole('slider', { name: 'Font size' });
    act(() => slider.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');

    expect(slider).toHaveAttribute('aria-valuenow', '5');
    expect(html).toHaveAttribute('data-font-size', '5');
    expect(JSON.parse(localStorage.getItem('appearance')!)).toMatchObject({ fontSize: 5 });
    // One save at a time; the last choice is what the account keeps.
    await waitFor(() =>
      expect(saves.at(-1)).toEqual({ theme: 'light', fontSize: 5, animations: null }),
    );
    await waitFor(() =>
      expect(useAuthStore.getState().user?.settings.appearance?.fontSize).toBe(5),
    );

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(html).toHaveAttribute('data-font-size', '3');
  });

  it('turns animations off app-wide with data-reduce-motion, and back to the device setting', async () => {
    const saves = recordSaves();
    const { user } = renderAppearance();

    await user.click(screen.getByRole('switch', { name: 'Animations' }));

    expect(html).toHaveAttribute('data-reduce-motion', 'true');
    expect(screen.getByRole('switch', { name: 'Animations' })).not.toBeChecked();
    await waitFor(() =>
      expect(saves).toEqual([{ theme: 'light', fontSize: 3, animations: false }]),
    );

    await user.click(screen.getByRole('button', { name: 'Follow my device’s setting' }));
    expect(html).not.toHaveAttribute('data-reduce-motion');
    await waitFor(() => expect(saves.at(-1)).toMatchObject({ animations: null }));
  });

  it('applies the saved appearance of the signed-in user', () => {
    renderAppearance(
      withAppearance(buildUser(), { theme: 'dark', fontSize: 1, animations: false }),
    );

    expect(html).toHaveClass('dark');
    expect(html).toHaveAttribute('data-font-size', '1');
    expect(html).toHaveAttribute('data-reduce-motion', 'true');
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Font size' })).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('switch', { name: 'Animations' })).not.toBeChecked();
  });

  it("keeps this device's light/dark choice when the account has none ('system')", () => {
    useThemeStore.getState().setTheme('dark');
    renderAppearance(withAppearance(buildUser(), { theme: 'system', fontSize: 4 }));

    expect(html).toHaveClass('dark');
    expect(html).toHaveAttribute('data-font-size', '4');
  });

  it('puts the account appearance back and says so when saving fails', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.put(`${API}/users/me/appearance`, async () => {
        await answered;
        return apiError(500, { code: 'INTERNAL', message: 'Something went wrong.' });
      }),
    );
    const { user } = renderAppearance(withAppearance(buildUser(), { fontSize: 2 }));
    expect(html).toHaveAttribute('data-font-size', '2');

    act(() => screen.getByRole('slider', { name: 'Font size' }).focus());
    await user.keyboard('{End}');
    expect(html).toHaveAttribute('data-font-size', '5');
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    answer();

    await expectToast('Failed to save appearance', 'Something went wrong.');
    expect(html).toHaveAttribute('data-font-size', '2');
    expect(useThemeStore.getState().fontSize).toBe(2);
  });

  it('follows a change made on another device when the user is refreshed', () => {
    const user = buildUser();
    renderAppearance(user);

    act(() => {
      useAuthStore.getState().setUser(withAppearance(user, { theme: 'dark', fontSize: 5 }));
    });

    expect(html).toHaveClass('dark');
    expect(html).toHaveAttribute('data-font-size', '5');
  });
});
