import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent } from '@/testing/render';
import { AppLayout } from './app-layout';
import type { ShellUser } from './shell-user';

const LABELS = [
  'Dashboard',
  'Pray',
  'My Journals',
  'Prayer Points',
  'Prayer Requests',
  'Discover',
  'Friends',
  'Prayer Groups',
  'Settings',
];

function renderLayout(
  path: string,
  user: ShellUser | null = { email: 'john@example.com', role: 'user' },
) {
  const onLogout = vi.fn();
  const result = renderComponent(
    <AppLayout user={user} onLogout={onLogout}>
      <h1>Page</h1>
    </AppLayout>,
    { path },
  );
  return { ...result, onLogout };
}

function sidebar() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('AppLayout', () => {
  it('lists the nine destinations in the spec order, Pray after Dashboard (issue 20)', () => {
    renderLayout('/dashboard');

    const links = within(sidebar()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(LABELS);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/pray',
      '/journals',
      '/prayers',
      '/prayer-requests',
      '/discover',
      '/friends',
      '/prayer-groups',
      '/settings',
    ]);
    expect(screen.getByRole('link', { name: 'Selah' })).toHaveAttribute('href', '/');
  });

  it('highlights only the item whose path equals the current path', () => {
    renderLayout('/journals');

    const current = within(sidebar()).getAllByRole('link', { current: 'page' });
    expect(current.map((link) => link.textContent)).toEqual(['My Journals']);
  });

  it('highlights nothing on a deeper path', () => {
    renderLayout('/journals/extra');

    expect(within(sidebar()).queryAllByRole('link', { current: 'page' })).toEqual([]);
  });

  it("shows the user's e-mail, capitalised role and initials", () => {
    renderLayout('/dashboard', { email: 'john.doe@example.com', role: 'ministry leader' });

    const user = screen.getByTestId('sidebar-user');
    expect(user).toHaveTextContent('john.doe@example.com');
    expect(user).toHaveTextContent('Ministry leader');
    expect(within(user).getByText('JO')).toBeInTheDocument();
  });

  it('names the user by their display name, with its initials, else their username (issue 29 §5)', () => {
    const { unmount } = renderLayout('/dashboard', {
      email: 'sade@example.com',
      firstName: 'Ṣadé',
      lastName: 'Bello',
      username: 'sade.bello',
      role: 'user',
    });
    let user = screen.getByTestId('sidebar-user');
    expect(within(user).getByText('Ṣadé Bello')).toBeInTheDocument();
    expect(within(user).getByText('sade@example.com')).toBeInTheDocument();
    expect(within(user).getByText('ṢB')).toBeInTheDocument();
    expect(
      within(screen.getByRole('button', { name: 'Open user menu' })).getByText('ṢB'),
    ).toBeInTheDocument();
    unmount();

    renderLayout('/dashboard', {
      email: 'x@example.com',
      firstName: '',
      lastName: '',
      username: 'olga.petrova',
      role: 'user',
    });
    user = screen.getByTestId('sidebar-user');
    expect(within(user).getByText('olga.petrova')).toBeInTheDocument();
    expect(within(user).getByText('OL')).toBeInTheDocument();
  });

  it("shows 'User' without a role and 'U' without an e-mail", () => {
    renderLayout('/dashboard', { email: '', role: null });

    const user = screen.getByTestId('sidebar-user');
    expect(user).toHaveTextContent('User');
    expect(within(user).getByText('U')).toBeInTheDocument();
  });

  it('has a sticky header with Upgrade, theme controls and the user menu', async () => {
    const { user, onLogout } = renderLayout('/dashboard');

    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('button', { name: 'Change theme color' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('offers the payments view in the user menu to admins only', async () => {
    const ordinary = renderLayout('/dashboard');
    await ordinary.user.click(screen.getByRole('button', { name: 'Open user menu' }));
    expect(
      within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Payments' }),
    ).not.toBeInTheDocument();
    ordinary.unmount();

    const { user } = renderLayout('/dashboard', { email: 'ops@example.com', role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    expect(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Payments' }),
    ).toHaveAttribute('href', '/admin/payments');
  });

  describe('on small screens', () => {
    it('opens the sidebar as a slide-in and closes it with the close button', async () => {
      const { user } = renderLayout('/dashboard');
      const open = screen.getByRole('button', { name: 'Open menu' });
      expect(open).toHaveAttribute('aria-expanded', 'false');

      await user.click(open);

      const sheet = await screen.findByRole('dialog', { name: 'Navigation' });
      const links = within(within(sheet).getByRole('navigation')).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(LABELS);
      // Focus moves into the slide-in and the rest of the page is hidden from assistive tech.
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
      expect(screen.getAllByRole('navigation', { name: 'Main' })).toEqual([
        within(sheet).getByRole('navigation'),
      ]);

      await user.click(within(sheet).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(open).toHaveFocus();
    });

    it('closes with Escape', async () => {
      const { user } = renderLayout('/dashboard');

      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await screen.findByRole('dialog', { name: 'Navigation' });
      await user.keyboard('{Escape}');

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('closes after following a link', async () => {
      const { user, router } = renderLayout('/dashboard');

      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      const sheet = await screen.findByRole('dialog', { name: 'Navigation' });
      await user.click(within(sheet).getByRole('link', { name: 'Friends' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(router.state.location.pathname).toBe('/friends');
    });
  });
});

describe('AppLayout plan button', () => {
  it.each([
    [undefined, 'Upgrade'],
    ['free', 'Upgrade'],
    ['premium', 'Premium'],
    ['ministry', 'Ministry'],
  ] as const)('reads %s as %s and leads to /pricing', (plan, label) => {
    renderLayout('/dashboard', { email: 'john@example.com', role: 'user', plan });

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: label })).toHaveAttribute('href', '/pricing');
    for (const other of ['Upgrade', 'Premium', 'Ministry'].filter((name) => name !== label)) {
      expect(within(header).queryByRole('link', { name: other })).not.toBeInTheDocument();
    }
  });
});
