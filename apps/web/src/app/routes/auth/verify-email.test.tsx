import { UserSchema } from '@selah/shared/schemas/auth';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { useAuthStore } from '@/stores/auth-store';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { expectToast } from '@/testing/toasts';

const INVALID = 'This link is invalid or has expired. Please sign in and ask for a new one.';

/** Answers the link with `response` and records every token the page sent. */
function mockLink(response: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post(`${API}/auth/verify-email`, async ({ request }) => {
      sent.push({ body: await request.json(), auth: request.headers.get('Authorization') });
      return response();
    }),
  );
  return sent;
}

describe('/verify-email', () => {
  it('opens the link once, without a session, takes the token out of the address, and says so', async () => {
    const sent = mockLink(() =>
      HttpResponse.json({
        email: 'ruth@example.com',
        message: 'Thank you: your e-mail address is confirmed.',
      }),
    );
    const { user } = await renderRoute('/verify-email?token=link-token');

    expect(
      await screen.findByText('Thank you: your e-mail address is confirmed.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ body: { token: 'link-token' }, auth: null }]);
    expect(currentUrl()).toBe('/verify-email');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(currentUrl()).toBe('/login'));
  });

  it('shows the progress while the link is checked', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(`${API}/auth/verify-email`, async () => {
        await answered;
        return HttpResponse.json({ email: 'a@example.com', message: 'Done.' });
      }),
    );
    await renderRoute('/verify-email?token=slow');

    expect(screen.getByRole('status')).toHaveTextContent('Confirming your e-mail address...');
    answer();
    expect(await screen.findByText('Done.')).toBeInTheDocument();
  });

  it('a signed-in visitor sees the account confirmed and can continue', async () => {
    const ruth = buildUser({ email: 'ruth@example.com', emailVerified: false });
    let verified = false;
    server.use(
      http.get(`${API}/auth/me`, () =>
        HttpResponse.json(UserSchema.parse({ ...ruth, emailVerified: verified })),
      ),
    );
    mockLink(() => {
      verified = true;
      return HttpResponse.json({
        email: ruth.email,
        message: 'Thank you: your e-mail address is confirmed.',
      });
    });
    const { user } = await renderRoute('/verify-email?token=t', { user: ruth });

    await screen.findByText('Thank you: your e-mail address is confirmed.');
    await waitFor(() => expect(useAuthStore.getState().user?.emailVerified).toBe(true));
    await user.click(screen.getByRole('link', { name: 'Continue to Selah' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your e-mail address' })).toBeNull();
  });

  it("shows the account confirmed even when the app's first read of it answers after the link", async () => {
    const ruth = buildUser({ email: 'ruth@example.com', emailVerified: false });
    let verified = false;
    let first = true;
    let answerFirst: () => void = () => undefined;
    const firstMayAnswer = new Promise<void>((resolve) => (answerFirst = resolve));
    server.use(
      http.get(`${API}/auth/me`, async () => {
        // The app's start-up read leaves the server before the link is opened and answers late.
        const seen = verified;
        if (first) {
          first = false;
          await firstMayAnswer;
        }
        return HttpResponse.json(UserSchema.parse({ ...ruth, emailVerified: seen }));
      }),
    );
    mockLink(() => {
      verified = true;
      return HttpResponse.json({
        email: ruth.email,
        message: 'Thank you: your e-mail address is confirmed.',
      });
    });
    await renderRoute('/verify-email?token=t', { user: ruth });
    await screen.findByText('Thank you: your e-mail address is confirmed.');
    answerFirst();
    await waitFor(() => expect(useAuthStore.getState().user?.emailVerified).toBe(true));
  });

  it('says why a link did not work; a signed-in visitor gets a new one there', async () => {
    mockLink(() => apiError(400, { code: 'BAD_REQUEST', message: INVALID }));
    const resends: number[] = [];
    server.use(
      http.post(`${API}/auth/verify-email/resend`, () => {
        resends.push(1);
        return HttpResponse.json({ message: 'We sent a new link to ruth@example.com.' });
      }),
    );
    const ruth = buildUser({ emailVerified: false });
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(ruth)));
    const { user } = await renderRoute('/verify-email?token=old', { user: ruth });

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('We sent a new link to ruth@example.com.')).toBeInTheDocument();
    expect(resends).toHaveLength(1);
  });

  it('a signed-out visitor with a dead link is sent to sign in', async () => {
    mockLink(() => apiError(400, { code: 'BAD_REQUEST', message: INVALID }));
    await renderRoute('/verify-email?token=old');

    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).toBeNull();
  });

  it('a failed new link is said in a toast', async () => {
    mockLink(() => apiError(400, { code: 'BAD_REQUEST', message: INVALID }));
    server.use(
      http.post(`${API}/auth/verify-email/resend`, () =>
        apiError(429, { code: 'RATE_LIMITED', message: 'We have sent you several links already.' }),
      ),
    );
    const ruth = buildUser({ emailVerified: false });
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json(ruth)));
    const { user } = await renderRoute('/verify-email?token=old', { user: ruth });

    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    await expectToast('Link not sent', 'We have sent you several links already.');
  });

  it('explains a link without its token', async () => {
    await renderRoute('/verify-email');

    expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or incomplete.');
  });
});
