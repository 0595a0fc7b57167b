import { deviceTimeZone } from '@/lib/time-zones';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderRoute } from '@/app/testing/render-route';
import { buildUser } from '@/testing/factories';
import { API, apiError } from '@/testing/msw/handlers/auth';
import { server } from '@/testing/msw/server';
import { expectToast } from '@/testing/toasts';

type User = Awaited<ReturnType<typeof renderRoute>>['user'];

async function fillForm(user: User) {
  await user.type(screen.getByLabelText('First name'), 'Ruth');
  await user.type(screen.getByLabelText('Last name'), 'Moabite');
  await user.type(screen.getByLabelText('Email'), 'ruth@example.com');
  await user.type(screen.getByLabelText('Password'), 'whither-thou-goest');
}

function recordRegisterCalls() {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${API}/auth/register`, async ({ request }) => {
      bodies.push(await request.json());
      return apiError(409, { code: 'CONFLICT', message: 'not expected' });
    }),
  );
  return bodies;
}

describe('/signup', () => {
  it('sends nothing until the terms are accepted', async () => {
    const bodies = recordRegisterCalls();
    const { user } = await renderRoute('/signup');

    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await expectToast(
      'Please agree to the Terms',
      'You must agree to the Terms of Service and Privacy Policy to continue.',
    );
    expect(bodies).toEqual([]);
    expect(currentUrl()).toBe('/signup');
  });

  it("says each field's message at the field when the empty form is sent", async () => {
    const bodies = recordRegisterCalls();
    const { user } = await renderRoute('/signup');

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'First name is required.',
    );
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(
      'Last name is required.',
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters Password must be at least 8 characters.',
    );
    expect(
      screen.getByRole('checkbox', { name: /agree to the Terms of Service/ }),
    ).toHaveAccessibleDescription(
      'You must agree to the Terms of Service and Privacy Policy to continue.',
    );
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('creates the account and sends the user to sign in', async () => {
    let body: unknown;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(`${API}/auth/register`, async ({ request }) => {
        body = await request.json();
        await gate;
        return HttpResponse.json(
          { message: 'Account created. Please sign in.', user: buildUser() },
          { status: 201 },
        );
      }),
    );
    const { user } = await renderRoute('/signup');

    await fillForm(user);
    await user.click(
      screen.getByRole('checkbox', { name: /agree to the Terms of Service and Privacy Policy/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(currentUrl()).toBe('/login');
    // The sign-in page says where the link went, keeps the address typed, waits for the password.
    const notice = screen.getByRole('region', { name: 'Check your e-mail' });
    expect(notice).toHaveTextContent('We sent a link to ruth@example.com to confirm your address.');
    expect(screen.getByLabelText('Email')).toHaveValue('ruth@example.com');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    expect(body).toEqual({
      firstName: 'Ruth',
      lastName: 'Moabite',
      email: 'ruth@example.com',
      password: 'whither-thou-goest',
      // The device's zone, so "today" is hers from the first day (issue 29 §1).
      timeZone: deviceTimeZone(),
    });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("sends the invite code of a friend's invite link", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${API}/auth/register`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { message: 'Account created. Please sign in.', user: buildUser() },
          { status: 201 },
        );
      }),
    );
    const { user } = await renderRoute('/signup?invite=abc123');

    await fillForm(user);
    await user.click(
      screen.getByRole('checkbox', { name: /agree to the Terms of Service and Privacy Policy/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        firstName: 'Ruth',
        lastName: 'Moabite',
        email: 'ruth@example.com',
        password: 'whither-thou-goest',
        inviteCode: 'abc123',
        timeZone: deviceTimeZone(),
      },
    ]);
  });

  it('shows "Signup Failed" and the server field errors under the fields', async () => {
    server.use(
      http.post(`${API}/auth/register`, () =>
        apiError(400, {
          code: 'VALIDATION_FAILED',
          message: 'Some fields need attention.',
          details: [{ path: 'password', message: 'This password is too common.' }],
        }),
      ),
    );
    const { user } = await renderRoute('/signup');

    await fillForm(user);
    await user.click(screen.getByRole('checkbox', { name: /agree to the Terms/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Signup Failed')).toBeInTheDocument();
    expect(screen.getByText('Some fields need attention.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters This password is too common.',
    );
  });

  it('links the terms and privacy pages and offers Google sign-up', async () => {
    await renderRoute('/signup');

    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign up with Google' })).toBeEnabled();
  });
});
