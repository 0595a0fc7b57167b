// Sign-up and sign-in from many client addresses. Every fault-script request comes from
// 127.0.0.1, and the per-address sign-in limits (25 per 5 min) would stop a load that signs in
// repeatedly: a server started with TRUST_PROXY=127.0.0.1 takes the client address from
// X-Forwarded-For, and these helpers send a random one per request.
import { randomBytes } from 'node:crypto';
import { FAULT_PASSWORD, type Session } from './http.ts';

/** The environment that makes the server believe X-Forwarded-For from the test. */
export const TRUST_LOCAL_PROXY = { TRUST_PROXY: '127.0.0.1' };

/** A random private address (10.x.y.z). */
export const randomAddress = () =>
  `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

export function postFrom(url: string, body: unknown, address = randomAddress()) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

/** A unique address for a new account. */
export const uniqueEmail = (label: string) =>
  `${label}.${Date.now().toString(36)}.${randomBytes(4).toString('hex')}@example.test`;

/** Registers and signs in, each from a random address. */
export async function signUpFrom(
  baseUrl: string,
  label = 'fault',
  firstName = 'Fault',
): Promise<Session> {
  const email = uniqueEmail(label);
  const reg = await postFrom(`${baseUrl}/api/auth/register`, {
    firstName,
    lastName: 'Tester',
    email,
    password: FAULT_PASSWORD,
  });
  if (!reg.ok) throw new Error(`sign-up as ${email}: HTTP ${reg.status} ${await reg.text()}`);
  const res = await postFrom(`${baseUrl}/api/auth/login`, { email, password: FAULT_PASSWORD });
  if (!res.ok) throw new Error(`sign-in as ${email}: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { _id: string } };
  return { token: body.token, userId: body.user._id, email };
}
