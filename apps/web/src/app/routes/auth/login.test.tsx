import { AuthResponseSchema, UserSchema } from '@selah/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';

async function fillAndSubmit(user: Awaited<ReturnType<typeof renderRoute>>['user']) {
  await user.type(screen.getByLabelText('Email'), 'jane@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('/login', () => {
  it('signs in, stores the session and goes to the dashboard', async () => {
    const jane = buildUser({ email: 'jane@example.com', role: 'user' });
    let body: unknown;
    server.use(
      http.post(`${API}/auth/login`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(AuthResponseSchema.parse({ token: 'tok-1', user: jane }));
      }),
      http.get(`${API}/auth/me`, () => HttpResponse.json(UserSchema.parse(jane))),
    );
    const { user } = await renderRoute('/login');

    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/dashboard');
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText("You've successfully logged in.")).toBeInTheDocument();
    expect(body).toEqual({
      email: 'jane@example.com',
      password: 'correct horse battery',
      rememberMe: true,
    });
    expect(useAuthStore.getState().token).toBe('tok-1');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({
      email: 'jane@example.com',
      role: 'user',
    });
    expect(JSON.parse(localStorage.getItem('auth-storage') ?? '{}')).toMatchObject({
      state: { token: 'tok-1', user: { email: 'jane@example.com' } },
    });
  });

  it('reads "Signing in..." while the request is in flight', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/auth/login`, async () => {
        await gate;
        return apiError(401, { code: 'UNAUTHENTICATED', message: 'Invalid email or password.' });
      }),
    );
    const { user } = await renderRoute('/login');

    await fillAndSubmit(user);

    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows "Login Failed" with the server message when the credentials are wrong', async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        apiError(401, { code: 'UNAUTHENTICATED', message: 'Invalid email or password.' }),
      ),
    );
    const { user } = await renderRoute('/login');

    await fillAndSubmit(user);

    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password.')).toBeInTheDocument();
    expect(currentUrl()).toBe('/login');
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('shows the default message when the server gives none', async () => {
    server.use(
      http.post(`${API}/auth/login`, () => new HttpResponse('Bad Gateway', { status: 502 })),
    );
    const { user } = await renderRoute('/login');

    await fillAndSubmit(user);

    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('An unexpected error occurred. Please try again.')).toBeInTheDocument();
  });

  it('reports a success answer without a token', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ user: buildUser() })));
    const { user } = await renderRoute('/login');

    await fillAndSubmit(user);

    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(screen.getByText('No authentication token received.')).toBeInTheDocument();
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('checks the fields before sending anything', async () => {
    let called = false;
    server.use(
      http.post(`${API}/auth/login`, () => {
        called = true;
        return HttpResponse.json({});
      }),
    );
    const { user } = await renderRoute('/login');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(called).toBe(false);
  });

  it('shows an authentication error from the query string, then clears it', async () => {
    await renderRoute(
      `/login?error=oauth_error&message=${encodeURIComponent('Google sign-in is not set up on this server.')}&suggest_login=true`,
    );

    const toast = (await screen.findByText('Authentication Error')).closest('li');
    expect(toast).not.toBeNull();
    expect(within(toast!).getByText('Google sign-in is not set up on this server.')).toBeVisible();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
  });

  it('offers the other ways in', async () => {
    await renderRoute('/login');

    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  });

  it('disables Google sign-in when the server has not set it up', async () => {
    server.use(http.get(`${API}/auth/providers`, () => HttpResponse.json({ google: false })));
    await renderRoute('/login');

    const button = await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Google sign-in is not set up on this server.');
  });
});
