// Plain data with relative imports only: vite.config.ts reads it at build time (no '@' alias).
import { paths } from '../config/paths.ts';

const PROTECTED_ROOT = 'src/app/routes/app/root.tsx';
const page = (file: string) => [PROTECTED_ROOT, `src/app/routes/app/${file}.tsx`];

/**
 * The lazy route modules (router.tsx) each page loads before it can render, by URL pattern: the
 * build (vite.config.ts, `routePreloads`) turns them into the chunk files the server announces
 * with `<link rel="modulepreload">` in that page's HTML, so they download beside the entry
 * instead of after it has run. router.test.tsx checks that this table matches the router.
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  [paths.trade.path]: ['src/app/routes/trade.tsx'],
  [paths.legal.terms.path]: ['src/app/routes/legal/terms.tsx'],
  [paths.legal.privacy.path]: ['src/app/routes/legal/privacy.tsx'],
  [paths.auth.login.path]: ['src/app/routes/auth/login.tsx'],
  [paths.auth.signup.path]: ['src/app/routes/auth/signup.tsx'],
  [paths.auth.callback.path]: ['src/app/routes/auth/callback.tsx'],
  [paths.auth.forgotPassword.path]: ['src/app/routes/auth/forgot-password.tsx'],
  [paths.auth.resetPassword.path]: ['src/app/routes/auth/reset-password.tsx'],
  [paths.auth.verifyEmail.path]: ['src/app/routes/auth/verify-email.tsx'],
  [paths.app.dashboard.path]: page('dashboard'),
  [paths.app.journals.path]: page('journals'),
  [paths.app.journal.path]: page('journal'),
  [paths.app.journalPrint.path]: page('journal-print'),
  [paths.app.discover.path]: page('discover'),
  [paths.app.prayers.path]: page('prayers'),
  [paths.app.prayer.path]: page('prayer'),
  [paths.app.prayerRequests.path]: page('prayer-requests'),
  [paths.app.friends.path]: page('friends'),
  [paths.app.prayerGroups.path]: page('prayer-groups'),
  [paths.app.prayerGroup.path]: page('prayer-group'),
  [paths.app.settings.path]: page('settings'),
  [paths.app.pricing.path]: page('pricing'),
  [paths.app.adminPayments.path]: page('admin-payments'),
};
