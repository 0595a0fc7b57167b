import { AuthResponseSchema, UserSchema } from '@selah/shared/schemas/auth';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';

const lydia = buildUser({ email: 'lydia@example.com', firstName: 'Lydia' });
const userParam = encodeURIComponent(JSON.stringify({ _id: lydia._id, firstName: 'Lydia' }));

/** Answers the code exchange and records every code the app sent. */
function mockExchange(
  response: () => Response = () =>
    HttpResponse.json(AuthResponseSchema.parse({ token: 'session-1', user: lydia })),
) {
  const codes: unknown[] = [];
  server.use(
    // After sign-in the app refreshes the user from /auth/me.
    http.get(`${API}/auth/me`, () => HttpResponse.json(UserSchema.parse(lydia))),
    http.post(`${API}/auth/exchange`, async ({ request }) => {
      codes.push(await request.json());
      return response();
    }),
  );
  return codes;
}

describe('/auth/callback', () => {
  it('exchanges the single-use code once, stores the session and welcomes a new user', async () => {
    const codes = mockExchange();
    const pushed: string[] = [];
    const replaceState = window.history.replaceState.bind(window.history);
    window.history.replaceState = (data, unused, url) => {
      if (typeof url === 'string') pushed.push(url);
      replaceState(data, unused, url);
    };

    try {
      await renderRoute(`/auth/callback?token=one-time-code&user=${userParam}&isNewUser=true`);

      expect(
        await screen.findByText('Welcome to Selah, Lydia! Your account has been created.'),
      ).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    } finally {
      window.history.replaceState = replaceState;
    }

    // One exchange, even though StrictMode runs effects twice.
    expect(codes).toEqual([{ code: 'one-time-code' }]);
    // The parameters left the address bar straight away (the first entry is the test's own).
    expect(pushed[0]).toContain('token=one-time-code');
    expect(pushed[1]).toBe('/auth/callback');
    expect(pushed.slice(1).some((url) => url.includes('token='))).toBe(false);
    expect(currentUrl()).toBe('/dashboard');
    expect(useAuthStore.getState()).toMatchObject({
      token: 'session-1',
      user: { email: 'lydia@example.com' },
    });
    expect(localStorage.getItem('token')).toBe('session-1');
  });

  it('shows "Completing authentication..." while it works', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/auth/exchange`, async () => {
        await gate;
        return HttpResponse.json(AuthResponseSchema.parse({ token: 'session-1', user: lydia }));
      }),
    );
    await renderRoute('/auth/callback?token=code&isNewUser=false');

    expect(screen.getByText('Completing authentication...')).toBeInTheDocument();
    // The single-use code leaves the address bar (an effect, after the first render).
    await waitFor(() => expect(currentUrl()).toBe('/auth/callback'));
    release();
    expect(await screen.findByText('Welcome back, Lydia!')).toBeInTheDocument();
  });

  it('welcomes a returning user as "friend" when there is no first name', async () => {
    mockExchange(() =>
      HttpResponse.json(
        AuthResponseSchema.parse({ token: 'session-2', user: { ...lydia, firstName: '' } }),
      ),
    );
    await renderRoute('/auth/callback?token=code');

    expect(await screen.findByText('Welcome back, friend!')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/dashboard'));
  });

  it.each([
    ['authentication_failed', 'Authentication failed. Please try again.'],
    ['oauth_error', 'OAuth error occurred. Please try again.'],
    ['oauth_cancelled', 'Authentication was cancelled.'],
    [
      'email_unverified',
      'Google has not verified the e-mail address of this Google account. Verify it with Google, or sign up with your e-mail address and a password.',
    ],
    ['something_else', 'Authentication failed'],
  ])('reports the error code %s and goes to /login', async (code, message) => {
    const codes = mockExchange();
    await renderRoute(`/auth/callback?error=${code}`);

    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(codes).toEqual([]);
    expect(useAuthStore.getState().token).toBeNull();
  });

  it('reports a callback without a code', async () => {
    await renderRoute('/auth/callback');

    expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
    expect(
      screen.getByText('No authentication token received. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
  });

  it('reports a code the server refuses (used or expired)', async () => {
    mockExchange(() =>
      apiError(401, { code: 'UNAUTHENTICATED', message: 'This sign-in link has expired.' }),
    );
    await renderRoute('/auth/callback?token=used-code&isNewUser=false');

    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(
      screen.getByText('An error occurred during authentication. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/login'));
    expect(useAuthStore.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
