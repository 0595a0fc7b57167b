import { renderToString } from 'react-dom/server';
import { LandingApp } from './components/landing-app';

/** The signed-out landing page as HTML, for landing.html at build time (vite.config.ts). */
export function renderLanding(): string {
  return renderToString(<LandingApp isSignedIn={false} />);
}
