import { LandingPage } from '@/features/landing/components/landing-page';
import { selectIsAuthenticated, useAuthStore } from '@/stores/auth-store';
import landingScript from '../../../head/landing.js?raw';
import { useNonce } from '../nonce';

/**
 * The page works without the app (plain links; head/landing.js shows a signed-in visitor the
 * way back and works the light/dark toggle), so its prerendered document loads none of the
 * app's JavaScript (root.tsx, docs/decisions/045). Reached from inside the app, it is a page
 * of the app like any other.
 */
export const handle = { hydrate: false };

/** head/landing.js as it goes into the page: its comments left out. */
const SCRIPT = import.meta.env.SSR ? landingScript.replace(/^\s*\/\/.*\n/gm, '').trim() : '';

export default function LandingRoute() {
  const isSignedIn = useAuthStore(selectIsAuthenticated);
  const nonce = useNonce();
  return (
    <>
      <title>Selah · A quiet place to pray</title>
      <LandingPage isSignedIn={isSignedIn} />
      {/* The server's render only: the browser never runs a script React adds to the page. */}
      {import.meta.env.SSR && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />}
    </>
  );
}
