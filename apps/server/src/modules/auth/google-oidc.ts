import * as oidc from 'openid-client';

export interface GoogleOidcOptions {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
}

const isLoopback = (url: URL) =>
  ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) || url.hostname.endsWith('.localhost');

/**
 * Google sign-in through OpenID Connect (authorization code, PKCE S256, state and nonce),
 * with the ID token's signature, issuer, audience, expiry and nonce checked by openid-client.
 */
export class GoogleOidc {
  private config: Promise<oidc.Configuration> | undefined;

  private readonly options: GoogleOidcOptions;

  constructor(options: GoogleOidcOptions) {
    this.options = options;
  }

  private configuration(): Promise<oidc.Configuration> {
    this.config ??= (async () => {
      const issuer = new URL(this.options.issuerUrl);
      // Plain http is allowed only for a provider on this machine (tests), never in production.
      const execute =
        issuer.protocol === 'http:' && isLoopback(issuer) ? [oidc.allowInsecureRequests] : [];
      const config = await oidc.discovery(
        issuer,
        this.options.clientId,
        this.options.clientSecret,
        undefined,
        { execute, timeout: 5 },
      );
      config.timeout = 5;
      return config;
    })().catch((error: unknown) => {
      this.config = undefined; // retry discovery on the next sign-in
      throw error;
    });
    return this.config;
  }

  async authorizationRequest(): Promise<AuthorizationRequest> {
    const config = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /** Exchanges the code and verifies the ID token; throws on any mismatch. */
  async verifyCallback(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<VerifiedIdentity> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('ID token has no subject');
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const email = str(claims.email) || null;
    return {
      issuer: config.serverMetadata().issuer,
      subject: claims.sub,
      email: email?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true,
      firstName: str(claims.given_name) || str(claims.name).split(' ')[0] || '',
      lastName: str(claims.family_name) || str(claims.name).split(' ').slice(1).join(' ') || '',
      picture: str(claims.picture) || null,
    };
  }
}
