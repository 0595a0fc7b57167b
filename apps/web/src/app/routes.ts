import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { paths } from '../config/paths.ts';
import { PROTECTED_ROUTE_ID } from './route-ids.ts';

/**
 * Every page of both specs, one line each (docs/decisions/045); each file is a route module
 * (routes/**). Public: /, /login, /signup, /auth/callback, /forgot-password, /reset-password,
 * /verify-email, /terms, /privacy, /trade. Everything under the protected layout is for
 * signed-in users: the server sends visitors to /login, remembering the page.
 */
export default [
  index('routes/landing.tsx'),
  route(paths.trade.path, 'routes/trade.tsx'),
  route(paths.legal.terms.path, 'routes/legal/terms.tsx'),
  route(paths.legal.privacy.path, 'routes/legal/privacy.tsx'),
  route(paths.auth.login.path, 'routes/auth/login.tsx'),
  route(paths.auth.signup.path, 'routes/auth/signup.tsx'),
  route(paths.auth.callback.path, 'routes/auth/callback.tsx'),
  route(paths.auth.forgotPassword.path, 'routes/auth/forgot-password.tsx'),
  route(paths.auth.resetPassword.path, 'routes/auth/reset-password.tsx'),
  route(paths.auth.verifyEmail.path, 'routes/auth/verify-email.tsx'),
  layout('routes/app/root.tsx', { id: PROTECTED_ROUTE_ID }, [
    // Signed in, without the sidebar and header (its module's handle says so).
    route(paths.app.pray.path, 'routes/app/pray.tsx'),
    // Errors inside a page keep the sidebar and header around them.
    layout('routes/app/pages.tsx', [
      route(paths.app.dashboard.path, 'routes/app/dashboard.tsx'),
      route(paths.app.journals.path, 'routes/app/journals.tsx'),
      route(paths.app.journal.path, 'routes/app/journal.tsx'),
      route(paths.app.journalPrint.path, 'routes/app/journal-print.tsx'),
      route(paths.app.discover.path, 'routes/app/discover.tsx'),
      route(paths.app.prayers.path, 'routes/app/prayers.tsx'),
      route(paths.app.prayer.path, 'routes/app/prayer.tsx'),
      route(paths.app.prayerRequests.path, 'routes/app/prayer-requests.tsx'),
      route(paths.app.friends.path, 'routes/app/friends.tsx'),
      route(paths.app.prayerGroups.path, 'routes/app/prayer-groups.tsx'),
      route(paths.app.prayerGroup.path, 'routes/app/prayer-group.tsx'),
      route(paths.app.settings.path, 'routes/app/settings.tsx'),
      route(paths.app.pricing.path, 'routes/app/pricing.tsx'),
      route(paths.app.adminPayments.path, 'routes/app/admin-payments.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
