import { describe, expect, it } from 'vitest';
import { googleSignInUrl } from './get-auth-providers';

describe('googleSignInUrl', () => {
  it('starts at the server route, with the invite code of an invite link when there is one', () => {
    expect(googleSignInUrl()).toMatch(/\/api\/auth\/google$/);
    expect(googleSignInUrl('a b&c')).toMatch(/\/api\/auth\/google\?invite=a\+b%26c$/);
  });
});
