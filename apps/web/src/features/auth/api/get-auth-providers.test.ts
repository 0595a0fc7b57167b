import { describe, expect, it } from 'vitest';
import { googleSignInUrl } from './get-auth-providers';

describe('googleSignInUrl', () => {
  it('starts at the server route, with the invite code of an invite link when there is one', () => {
    expect(googleSignInUrl(undefined, null)).toMatch(/\/api\/auth\/google$/);
    expect(googleSignInUrl('a b&c', null)).toMatch(/\/api\/auth\/google\?invite=a\+b%26c$/);
  });

  it("carries this device's time zone for an account the sign-in creates (ADR 057)", () => {
    expect(googleSignInUrl(undefined, 'Africa/Lagos')).toMatch(
      /\/google\?timeZone=Africa%2FLagos$/,
    );
    expect(googleSignInUrl('x', 'Africa/Lagos')).toMatch(/\?invite=x&timeZone=Africa%2FLagos$/);
  });
});
