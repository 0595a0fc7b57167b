import { describe, expect, it } from 'vitest';
import { SessionTokens } from './session-token.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const claims = {
  userId: '11111111-1111-4111-8111-111111111111',
  sessionId: '33333333-3333-4333-8333-333333333333',
};

describe('SessionTokens (verified tokens are remembered until they expire)', () => {
  it('verifies a token again from memory, and still rejects it once it has expired', async () => {
    const tokens = new SessionTokens(SECRET, 'http://localhost');
    const now = Date.now();
    const token = await tokens.sign(claims, new Date(now + 60_000));
    expect(await tokens.verify(token, now)).toEqual(claims);
    expect(await tokens.verify(token, now + 1_000)).toEqual(claims);
    // 30 s of clock tolerance, as jose applies it.
    expect(await tokens.verify(token, now + 60_000 + 25_000)).toEqual(claims);
    expect(await tokens.verify(token, now + 60_000 + 31_000)).toBeNull();
    expect(await tokens.verify(token, now)).toEqual(claims);
  });

  it('never accepts a tampered token or one signed with another key, even after the real one', async () => {
    const tokens = new SessionTokens(SECRET, 'http://localhost');
    const other = new SessionTokens(`${SECRET}-other`, 'http://localhost');
    const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.sub = '22222222-2222-4222-8222-222222222222';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await tokens.verify(tampered)).toBeNull();
    expect(await tokens.verify(`${token.slice(0, -2)}AA`)).toBeNull();
    expect(await other.verify(token)).toBeNull();
    const foreignIssuer = new SessionTokens(SECRET, 'http://elsewhere');
    expect(await foreignIssuer.verify(token)).toBeNull();
  });

  it('refuses a well-signed token whose subject or session id is not a uuid (they reach SQL)', async () => {
    const tokens = new SessionTokens(SECRET, 'http://localhost');
    const expires = new Date(Date.now() + 60_000);
    for (const bad of [
      { ...claims, userId: 'not-a-uuid' },
      { ...claims, userId: "' or 1=1 --" },
      { ...claims, sessionId: 'session-1' },
      { ...claims, sessionId: '' },
    ]) {
      const token = await tokens.sign(bad, expires);
      expect(await tokens.verify(token), JSON.stringify(bad)).toBeNull();
      // Not remembered either: still refused the second time.
      expect(await tokens.verify(token)).toBeNull();
    }
  });
});
