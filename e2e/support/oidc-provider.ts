import type { IncomingMessage } from 'node:http';
import {
  Events,
  OAuth2Server,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import { OIDC_SCENARIO_COOKIE } from './settings.ts';

/** The identity claims the provider puts into the ID token. */
export interface OidcClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
}

/**
 * What the next sign-in at the provider does:
 * - `login`: the user signs in and the ID token carries `claims`;
 * - `cancel`: the user declines (`error=access_denied` back to the app);
 * - `provider-error`: the provider fails (`error=server_error` back to the app);
 * - `bad-token`: the code exchange succeeds but the ID token is for another client (bad `aud`),
 *   so the app must refuse it.
 */
export type OidcScenario =
  | { kind: 'login'; claims: OidcClaims }
  | { kind: 'cancel' }
  | { kind: 'provider-error' }
  | { kind: 'bad-token'; claims: OidcClaims };

export interface OidcProvider {
  issuer: string;
  /** Registers a scenario for browsers carrying the scenario cookie `key` (kept until replaced). */
  setScenario(key: string, scenario: OidcScenario): void;
  clearScenario(key: string): void;
  /** Queues a one-shot scenario for the next sign-in that carries no scenario cookie. */
  queueScenario(scenario: OidcScenario): void;
  stop(): Promise<void>;
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function codeOf(req: TokenRequestIncomingMessage): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || !('code' in body)) return undefined;
  return typeof body.code === 'string' ? body.code : undefined;
}

/** Starts a real OpenID Connect provider (discovery, JWKS, PKCE, signed ID tokens) on loopback. */
export async function startOidcProvider(host: string, port: number): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, host);
  // The library names loopback "localhost"; the app is configured with this exact issuer.
  const issuer = `http://${host}:${port}`;
  server.issuer.url = issuer;

  const byKey = new Map<string, OidcScenario>();
  const queue: OidcScenario[] = [];
  /** Authorization code -> the scenario it was issued under (until the token response). */
  const byCode = new Map<string, OidcScenario>();

  server.service.on(
    Events.BeforeAuthorizeRedirect,
    (redirect: MutableRedirectUri, req: IncomingMessage) => {
      const key = cookieValue(req, OIDC_SCENARIO_COOKIE);
      const scenario = (key !== undefined ? byKey.get(key) : undefined) ?? queue.shift();
      if (!scenario) return;
      const params = redirect.url.searchParams;
      const code = params.get('code');
      switch (scenario.kind) {
        case 'cancel':
          params.delete('code');
          params.set('error', 'access_denied');
          params.set('error_description', 'The user denied access.');
          return;
        case 'provider-error':
          params.delete('code');
          params.set('error', 'server_error');
          params.set('error_description', 'The provider had a problem.');
          return;
        default:
          if (code) byCode.set(code, scenario);
      }
    },
  );

  server.service.on(
    Events.BeforeTokenSigning,
    (token: MutableToken, req: TokenRequestIncomingMessage) => {
      const code = codeOf(req);
      const scenario = code !== undefined ? byCode.get(code) : undefined;
      if (!scenario || scenario.kind === 'cancel' || scenario.kind === 'provider-error') return;
      Object.assign(token.payload, scenario.claims);
      if (scenario.kind === 'bad-token') token.payload.aud = 'some-other-client';
    },
  );

  server.service.on(
    Events.BeforeResponse,
    (_response: MutableResponse, req: TokenRequestIncomingMessage) => {
      const code = codeOf(req);
      if (code !== undefined) byCode.delete(code);
    },
  );

  return {
    issuer,
    setScenario: (key, scenario) => byKey.set(key, scenario),
    clearScenario: (key) => byKey.delete(key),
    queueScenario: (scenario) => queue.push(scenario),
    stop: () => server.stop(),
  };
}
