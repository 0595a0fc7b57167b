import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { currentUrl, renderRoute, TEST_TOKEN } from './testing/render-route';

const PROTECTED_PAGES = [
  ['/dashboard', 'Dashboard'],
  ['/pray', 'Pray now'],
  ['/journals', 'My Journals'],
  ['/journal/8d0f3c1e-0000-4000-8000-000000000001', 'Journal Not Found'],
  ['/discover', 'Discover'],
  ['/prayers', 'Prayer Points'],
  ['/prayer-requests', 'Prayer Requests'],
  ['/friends', 'Friends'],
  ['/prayer-groups', 'Prayer Groups'],
  ['/settings', 'Settings'],
  ['/pricing', 'Pricing'],
  // Operators only: everyone else sees a missing page.
  ['/admin/payments', 'Page Not Found'],
] as const;

const PUBLIC_PAGES = [
  ['/', 'A quiet place to pray'],
  ['/login', 'Sign in to Selah'],
  ['/signup', 'Create your account'],
  ['/forgot-password', 'Forgot your password?'],
  ['/reset-password?token=abc', 'Choose a new password'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/trade', 'Trading Signals'],
] as const;

describe('routes', () => {
  it.each(PROTECTED_PAGES)(
    'sends a visitor of %s to /login, remembering the page',
    async (path) => {
      await renderRoute(path);

      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(currentUrl()).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );

  it.each(PROTECTED_PAGES)('shows %s to a signed-in user', async (path, heading) => {
    await renderRoute(path, { user: buildUser() });

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(currentUrl()).toBe(path);
  });

  it('shows the dashboard greeting', async () => {
    await renderRoute('/dashboard', { user: buildUser() });

    expect(await screen.findByText('Welcome back to your prayer dashboard')).toBeInTheDocument();
  });

  it.each(PUBLIC_PAGES)('shows %s to visitors', async (path, heading) => {
    await renderRoute(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(currentUrl()).toBe(path);
  });

  it('brings the visitor back to the page they wanted after signing in', async () => {
    const { user } = await renderRoute('/prayer-requests?tab=mine');
    await user.type(await screen.findByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'a good password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Prayer Requests' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/prayer-requests?tab=mine');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
  });

  it('never redirects to another site after signing in', async () => {
    const { user } = await renderRoute('/login?redirectTo=//evil.example/phish');

    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'a good password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows Page Not Found for any other path, with a way home', async () => {
    const { user } = await renderRoute('/no/such/page');

    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));

    expect(
      await screen.findByRole('heading', { name: 'A quiet place to pray' }),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/');
  });
});

describe('session', () => {
  it('refreshes the stored user from /auth/me on start', async () => {
    const stored = buildUser({ email: 'old@example.com', role: 'user' });
    const fresh = { ...stored, email: 'new@example.com', role: 'admin' };
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(fresh)));

    await renderRoute('/dashboard', { user: stored });

    const sidebar = await screen.findByTestId('sidebar-user');
    await waitFor(() => expect(sidebar).toHaveTextContent('new@example.com'));
    expect(sidebar).toHaveTextContent('Admin');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      email: 'new@example.com',
    });
  });

  it('logs out when the server no longer accepts the token', async () => {
    server.use(
      http.get(`${API}/auth/me`, () =>
        apiError(401, { code: 'UNAUTHENTICATED', message: 'Your session has ended.' }),
      ),
    );

    await renderRoute('/journals', { user: buildUser() });

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentUrl()).toBe(`/login?redirectTo=${encodeURIComponent('/journals')}`);
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('auth-storage')).toBeNull();
  });

  it('sends a visitor with an expired token from a public page to /login', async () => {
    server.use(
      http.get(`${API}/auth/me`, () =>
        apiError(401, { code: 'UNAUTHENTICATED', message: 'Your session has ended.' }),
      ),
    );

    await renderRoute('/', { user: buildUser() });

    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('keeps the session when /auth/me fails for another reason', async () => {
    server.use(http.get(`${API}/auth/me`, () => new HttpResponse(null, { status: 503 })));

    await renderRoute('/dashboard', { user: buildUser() });

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBe(TEST_TOKEN);
  });

  it('logs out: revokes the session first, then clears all storage and goes to /', async () => {
    const events: string[] = [];
    server.use(
      http.post(`${API}/auth/logout`, ({ request }) => {
        events.push(`logout ${request.headers.get('Authorization')}`);
        events.push(`token still stored: ${String(localStorage.getItem('token') !== null)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await renderRoute('/settings', { user: buildUser() });
    localStorage.setItem('something-else', 'x');

    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

    expect(
      await screen.findByRole('heading', { name: 'A quiet place to pray' }),
    ).toBeInTheDocument();
    expect(currentUrl()).toBe('/');
    expect(events).toEqual([`logout Bearer ${TEST_TOKEN}`, 'token still stored: true']);
    await waitFor(() => expect(localStorage.length).toBe(0));
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null });
  });

  it('still logs out locally when the server cannot be reached', async () => {
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.error()));
    const { user } = await renderRoute('/dashboard', { user: buildUser() });

    await user.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));

    expect(
      await screen.findByRole('heading', { name: 'A quiet place to pray' }),
    ).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
  });
});
