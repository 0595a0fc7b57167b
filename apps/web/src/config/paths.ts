/** The route table: every path of the app, with a typed way to build its href. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  trade: { path: '/trade', getHref: () => '/trade' },
  legal: {
    terms: { path: '/terms', getHref: () => '/terms' },
    privacy: { path: '/privacy', getHref: () => '/privacy' },
  },
  auth: {
    login: {
      path: '/login',
      getHref: (redirectTo?: string | null) =>
        redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login',
    },
    signup: { path: '/signup', getHref: () => '/signup' },
    callback: { path: '/auth/callback', getHref: () => '/auth/callback' },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
    resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
    /** Where e-mailed links that confirm an address land (`?token=`). */
    verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  },
  app: {
    dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
    /** Pray now: a pray-through session, distraction-free; `due` starts with today's due items. */
    pray: {
      path: '/pray',
      getHref: ({ due = false }: { due?: boolean } = {}) => (due ? '/pray?due=1' : '/pray'),
    },
    journals: { path: '/journals', getHref: () => '/journals' },
    journal: {
      path: '/journal/:id',
      getHref: (id: string) => `/journal/${encodeURIComponent(id)}`,
    },
    /** The print view of a journal; the query says what to include (all by default). */
    journalPrint: {
      path: '/journal/:id/print',
      getHref: (
        id: string,
        include: { answered?: boolean; verses?: boolean; notes?: boolean } = {},
      ) => {
        const query = new URLSearchParams();
        for (const [key, value] of Object.entries(include)) {
          if (value !== undefined) query.set(key, String(value));
        }
        const search = query.toString();
        return `/journal/${encodeURIComponent(id)}/print${search ? `?${search}` : ''}`;
      },
    },
    discover: { path: '/discover', getHref: () => '/discover' },
    prayers: { path: '/prayers', getHref: () => '/prayers' },
    prayer: {
      path: '/prayer/:id',
      getHref: (id: string) => `/prayer/${encodeURIComponent(id)}`,
    },
    prayerRequests: { path: '/prayer-requests', getHref: () => '/prayer-requests' },
    friends: { path: '/friends', getHref: () => '/friends' },
    prayerGroups: { path: '/prayer-groups', getHref: () => '/prayer-groups' },
    prayerGroup: {
      path: '/prayer-groups/:id',
      getHref: (id: string) => `/prayer-groups/${encodeURIComponent(id)}`,
    },
    settings: { path: '/settings', getHref: () => '/settings' },
    pricing: { path: '/pricing', getHref: () => '/pricing' },
    /** Operators only (the server answers everyone else 404). */
    adminPayments: { path: '/admin/payments', getHref: () => '/admin/payments' },
  },
} as const;
