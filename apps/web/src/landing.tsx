import { STORAGE_KEYS } from '@selah/shared/constants';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingApp } from './features/landing/components/landing-app';
import './index.css';

/**
 * Entry of landing.html, what the server sends for "/": the landing page without the SPA
 * (no route table, data layer, schemas or toasts), so its first load stays under the 90 KB
 * budget. landing.html already holds the page rendered at build time (vite.config.ts,
 * `prerenderLanding`), so it paints before this runs; rendering replaces it with the same
 * markup and no layout shift, now knowing the stored session and theme.
 */

/** Whether the auth store (src/stores/auth-store.ts) has persisted a session token. */
function hasStoredSession(): boolean {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.auth) ?? 'null') as {
      state?: { token?: unknown };
    } | null;
    return typeof stored?.state?.token === 'string' && stored.state.token !== '';
  } catch {
    return false;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from landing.html.');

createRoot(container).render(
  <StrictMode>
    <LandingApp isSignedIn={hasStoredSession()} />
  </StrictMode>,
);
