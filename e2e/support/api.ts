import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { ReceivedMail } from './mail-server.ts';
import type { OidcScenario } from './oidc-provider.ts';
import type { ReceivedPush } from './push-service.ts';
import { CONTROL_URL } from './settings.ts';

/** A password that passes the server's policy (length and common-password list). */
export const TEST_PASSWORD = 'Selah-e2e-Pass-42!';
/** The new password of the password-reset journey. */
export const RESET_PASSWORD = 'Selah-e2e-Renewed-77?';
/** A wrong password typed at sign-in. */
export const WRONG_PASSWORD = 'Not-the-right-one-99';
/** A wrong password typed to confirm deleting the account. */
export const WRONG_CONFIRM_PASSWORD = 'not-my-password';
/** The password someone chose for an address that is not theirs (the Google takeover journey). */
export const SQUATTER_PASSWORD = 'Squatters-own-Pass-13';
/** Every password the journeys type or send: the server log of a run must hold none of them. */
export const E2E_PASSWORDS = [
  TEST_PASSWORD,
  RESET_PASSWORD,
  WRONG_PASSWORD,
  WRONG_CONFIRM_PASSWORD,
  SQUATTER_PASSWORD,
] as const;

/** A unique, valid e-mail address for one test's data. */
export function uniqueEmail(label = 'user'): string {
  return `${label}.${Date.now().toString(36)}.${randomBytes(4).toString('hex')}@example.test`;
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export interface TestUser extends NewUser {
  id: string;
}

/** The API user as the server returns it (and the web app stores it). */
export interface ApiUser {
  _id: string;
  email: string;
  firstName: string;
  [key: string]: unknown;
}

export interface Session {
  token: string;
  user: ApiUser;
}

async function expectOk(response: APIResponse, what: string): Promise<void> {
  if (!response.ok()) {
    throw new Error(`${what} failed: HTTP ${response.status()} ${await response.text()}`);
  }
}

/** Seeds data through the app's HTTP API (the server's database is not reachable otherwise). */
export class Api {
  readonly request: APIRequestContext;

  constructor(request: APIRequestContext) {
    this.request = request;
  }

  /** Registers a new password account with a unique e-mail address. */
  async createUser(overrides: Partial<NewUser> = {}): Promise<TestUser> {
    const input: NewUser = {
      firstName: 'Hannah',
      lastName: 'Tester',
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      ...overrides,
    };
    const response = await this.request.post('/api/auth/register', { data: input });
    await expectOk(response, `registering ${input.email}`);
    // Sign-up answers the same for every address (no user enumeration): sign in to learn the id.
    const session = await this.login(input.email, input.password);
    return { ...input, id: session.user._id };
  }

  /** Signs in with e-mail and password and returns the session. */
  async login(email: string, password: string): Promise<Session> {
    const response = await this.request.post('/api/auth/login', { data: { email, password } });
    await expectOk(response, `signing in as ${email}`);
    return (await response.json()) as Session;
  }

  /** Signs in and returns only the HTTP status (for wrong-password checks). */
  async loginStatus(email: string, password: string): Promise<number> {
    const response = await this.request.post('/api/auth/login', { data: { email, password } });
    return response.status();
  }

  /** GET /api/auth/me with a bearer token. */
  me(token: string): Promise<APIResponse> {
    return this.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  }

  /**
   * Buys a plan the way the browser does: checkout, pay at the stack's stand-in for Flutterwave,
   * then `POST /api/subscription/subscribe`. Plan limits (3 journals, groups, export) lift.
   */
  async upgrade(user: TestUser, plan: 'premium' | 'ministry' = 'premium'): Promise<void> {
    const { token } = await this.login(user.email, user.password);
    const headers = { authorization: `Bearer ${token}` };
    const checkout = await this.request.post('/api/subscription/checkout', {
      data: { plan },
      headers,
    });
    await expectOk(checkout, `checkout for ${user.email}`);
    const { txRef, amount, currency } = (await checkout.json()) as {
      txRef: string;
      amount: number;
      currency: string;
    };
    const id = await this.chargeAtFlutterwave({ txRef, amount, currency });
    const subscribed = await this.request.post('/api/subscription/subscribe', {
      data: { plan, transactionId: id, amount },
      headers,
    });
    await expectOk(subscribed, `subscribing ${user.email} to ${plan}`);
  }

  /**
   * Charges a checkout at the stand-in Flutterwave, as the customer's payment would; returns
   * the transaction id. `refund: 'unavailable'`: refunding this charge answers 503.
   */
  async chargeAtFlutterwave(
    checkout: { txRef: string; amount: number; currency: string },
    options: { refund?: 'unavailable' } = {},
  ): Promise<number> {
    const paid = await control('/flutterwave/transactions', {
      method: 'POST',
      body: JSON.stringify({
        tx_ref: checkout.txRef,
        amount: checkout.amount,
        currency: checkout.currency,
        ...options,
      }),
    });
    return ((await paid.json()) as { id: number }).id;
  }

  /** `from` asks `to` to be friends (POST /api/friends/request/:id). */
  async sendFriendRequest(from: TestUser, to: TestUser): Promise<void> {
    const { token } = await this.login(from.email, from.password);
    const response = await this.request.post(`/api/friends/request/${to.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** Makes two users friends: `a` sends a request and `b` accepts it. */
  async befriend(a: TestUser, b: TestUser): Promise<void> {
    await this.sendFriendRequest(a, b);
    const { token } = await this.login(b.email, b.password);
    const headers = { authorization: `Bearer ${token}` };
    const list = await this.request.get('/api/friends/requests?direction=incoming', { headers });
    const { data } = (await list.json()) as {
      data: { _id: string; requester: { _id: string } }[];
    };
    const request = data.find((item) => item.requester._id === a.id);
    expect(request).toBeDefined();
    const accepted = await this.request.put(`/api/friends/accept/${request!._id}`, { headers });
    expect(accepted.status(), await accepted.text()).toBe(200);
  }

  /** POST /api/auth/exchange: trades a Google callback code for a session. */
  exchange(code: string): Promise<APIResponse> {
    return this.request.post('/api/auth/exchange', { data: { code } });
  }
}

// --- The stack's control endpoint (e2e/support/control-server.ts) ----------------------------

async function control(path: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(`${CONTROL_URL}${path}`, init);
  if (!response.ok) {
    throw new Error(`control ${path} failed: HTTP ${response.status} ${await response.text()}`);
  }
  return response;
}

/** Mails the local SMTP server received for `address`, oldest first. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await control(`/mails?to=${encodeURIComponent(address)}`);
  return (await response.json()) as ReceivedMail[];
}

/** The token of the newest `path?token=` link in the mails to `address` with `subject`. */
export async function latestLinkToken(
  address: string,
  subject: string,
  path: string,
  /** How many such mails the test sent: the link comes from the last (the mails go out in the background). */
  count = 1,
): Promise<string> {
  await waitForMail(address, { subject, count });
  const mails = (await mailsTo(address)).filter((m) => m.subject === subject);
  const text = mails.at(-1)?.text ?? '';
  const match = new RegExp(`${path}\\?token=([^\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail to ${address}: ${text}`);
  return decodeURIComponent(match[1]);
}

/**
 * Waits until a mail for `address` (with `subject`, when given) arrives, and returns it; with
 * `count`, until that many such mails have arrived, and returns the last of them.
 */
export async function waitForMail(
  address: string,
  {
    subject,
    count = 1,
    timeoutMs = 15_000,
  }: { subject?: string | RegExp; count?: number; timeoutMs?: number } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailsTo(address)).filter((m) =>
      subject === undefined
        ? true
        : typeof subject === 'string'
          ? m.subject === subject
          : subject.test(m.subject),
    );
    const mail = mails[count - 1];
    if (mail) return mail;
    if (Date.now() > deadline) {
      throw new Error(`no mail for ${address} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Web Push messages the stack's push service received for the endpoint `/push/<id>`. */
export async function pushesTo(id: string): Promise<ReceivedPush[]> {
  const response = await control(`/pushes/${encodeURIComponent(id)}`);
  return (await response.json()) as ReceivedPush[];
}

/**
 * Waits until `count` Web Push messages for the subscription `/push/<id>` have arrived (the app
 * sends them after its transaction, in the background) and returns them, still encrypted.
 */
export async function waitForPushes(
  id: string,
  { count = 1, timeoutMs = 15_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<ReceivedPush[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pushes = await pushesTo(id);
    if (pushes.length >= count) return pushes;
    if (Date.now() > deadline) {
      throw new Error(`${pushes.length} of ${count} pushes for ${id} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** What the local OpenID provider does for browsers carrying the scenario cookie `key`. */
export async function setOidcScenario(key: string, scenario: OidcScenario): Promise<void> {
  await control('/oidc/scenarios', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key, scenario }),
  });
}

export async function clearOidcScenario(key: string): Promise<void> {
  await control(`/oidc/scenarios/${encodeURIComponent(key)}`, { method: 'DELETE' });
}
