import { UserSchema, type User } from '@selah/shared/schemas/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/app/testing/render-route';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { expectToast } from '@/testing/toasts';

/** A signed-in user (what /auth/me answers too). */
function signedIn(overrides: Partial<User>) {
  const user = buildUser({ email: 'ruth@example.com', ...overrides });
  server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(UserSchema.parse(user))));
  return user;
}

const banner = () => screen.queryByRole('region', { name: 'Confirm your e-mail address' });

describe('the signed-in shell: the reminder to confirm the e-mail address', () => {
  it('reminds an unconfirmed account on every page and sends the link again', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const resends: string[] = [];
    server.use(
      http.post(`${API}/auth/verify-email/resend`, async ({ request }) => {
        resends.push(request.headers.get('Authorization') ?? '');
        await answered;
        return HttpResponse.json({
          message: 'We sent a new link to ruth@example.com. It works for 24 hours.',
        });
      }),
    );
    const { user } = await renderRoute('/dashboard', { user: signedIn({ emailVerified: false }) });

    const region = await screen.findByRole('region', { name: 'Confirm your e-mail address' });
    expect(region).toHaveTextContent(
      'Please confirm your e-mail address: open the link we sent to ruth@example.com.',
    );
    await user.click(within(region).getByRole('button', { name: 'Resend link' }));
    expect(within(region).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer();
    await expectToast(
      'Link sent',
      'We sent a new link to ruth@example.com. It works for 24 hours.',
    );
    expect(within(region).getByRole('status')).toHaveTextContent('A new link is on its way.');
    expect(resends).toHaveLength(1);
    expect(resends[0]).toMatch(/^Bearer /);
  });

  it('says why a link was not sent (the hourly limit)', async () => {
    server.use(
      http.post(`${API}/auth/verify-email/resend`, () =>
        apiError(429, {
          code: 'RATE_LIMITED',
          message: 'We have sent you several links already. Please check your inbox.',
        }),
      ),
    );
    const { user } = await renderRoute('/dashboard', { user: signedIn({ emailVerified: false }) });

    await user.click(await screen.findByRole('button', { name: 'Resend link' }));
    await expectToast(
      'Link not sent',
      'We have sent you several links already. Please check your inbox.',
    );
    expect(screen.getByRole('button', { name: 'Resend link' })).toBeEnabled();
  });

  it('can be hidden for the rest of the visit', async () => {
    const { user } = await renderRoute('/dashboard', { user: signedIn({ emailVerified: false }) });

    await user.click(await screen.findByRole('button', { name: 'Hide this reminder' }));
    expect(banner()).toBeNull();
    await user.click(screen.getAllByRole('link', { name: 'Settings' })[0]!);
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(banner()).toBeNull();
  });

  it('is not there for a confirmed account', async () => {
    await renderRoute('/dashboard', { user: signedIn({ emailVerified: true }) });

    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(banner()).toBeNull());
  });
});
