import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Env } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { AUTH_LIMITS, Limiter, PASSWORD_CHECK_LIMIT } from './lib/rate-limiter.ts';
import { AccessPolicy } from './modules/access/access.policy.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { GoogleOidc } from './modules/auth/google-oidc.ts';
import { PasswordHasher } from './modules/auth/password-hasher.ts';
import { SessionTokens } from './modules/auth/session-token.ts';
import { FriendsService } from './modules/friends/friends.service.ts';
import { Friendships } from './modules/friends/friendships.ts';
import { GroupsService } from './modules/groups/groups.service.ts';
import { JournalsService } from './modules/journals/journals.service.ts';
import { JournalExportService, EXPORT_LIMIT } from './modules/exports/journal-export.service.ts';
import { MailWorker } from './modules/mail/mail.worker.ts';
import { NotificationsService } from './modules/notifications/notifications.service.ts';
import { OpenStreams } from './modules/notifications/open-streams.ts';
import { PushService, type VapidKeys } from './modules/notifications/push.service.ts';
import { RealtimeHub } from './modules/notifications/realtime-hub.ts';
import { FlutterwaveClient } from './modules/billing/flutterwave.ts';
import {
  PAYMENT_CHECKOUT_LIMIT,
  PAYMENT_VERIFY_LIMIT,
  PaymentsService,
} from './modules/billing/payments.service.ts';
import { CountryResolver } from './modules/billing/country.ts';
import { PlansService } from './modules/billing/plans.service.ts';
import { DigestScheduler } from './modules/practice/digest-scheduler.ts';
import { DigestService } from './modules/practice/digest.service.ts';
import { DigestTokens } from './modules/practice/digest-token.ts';
import { PracticeService } from './modules/practice/practice.service.ts';
import { PrayerRequestsService } from './modules/prayer-requests/prayer-requests.service.ts';
import { PrayersService } from './modules/prayers/prayers.service.ts';
import { SharingService } from './modules/sharing/sharing.service.ts';
import { StatsService } from './modules/stats/stats.service.ts';
import { AccountService } from './modules/account/account.service.ts';
import { UsersService } from './modules/users/users.service.ts';

/** Friend requests and invitations per user per hour (ASVS anti-automation). */
export const FRIEND_ACTIONS_LIMIT = {
  name: 'friend-actions',
  points: 30,
  durationSeconds: 60 * 60,
};

export interface ServiceOptions {
  env: Env;
  db: DbHandle;
  jwtSecret: string;
  redis?: Redis | undefined;
  /** A second Redis connection for pub/sub (a subscribed connection can do nothing else). */
  redisSubscriber?: Redis | undefined;
  vapid: VapidKeys;
  /** Tests only: accept http and loopback push endpoints. */
  pushAllowInsecure?: boolean;
  logger: FastifyBaseLogger;
  now: () => Date;
}

/** Builds every service once, in dependency order. Routes receive the ones they need. */
export function createServices(opts: ServiceOptions) {
  const { env, logger, now, db } = opts;
  const mailWorker = new MailWorker({
    db: db.db,
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    logger,
    logBodies: env.NODE_ENV !== 'production',
  });
  // Who may see or change what: one policy every module asks (docs/decisions/036).
  const access = new AccessPolicy({ db: db.db });
  const users = new UsersService({ db: db.db });
  const hub = new RealtimeHub({ publisher: opts.redis, subscriber: opts.redisSubscriber, logger });
  const push = new PushService({
    db: db.db,
    vapid: opts.vapid,
    subject: env.APP_ORIGIN.startsWith('https://') ? env.APP_ORIGIN : 'mailto:no-reply@selah.local',
    logger,
    allowInsecureEndpoints: opts.pushAllowInsecure ?? false,
  });
  const notifications = new NotificationsService({
    db: db.db,
    hub,
    push,
    mail: mailWorker,
    appOrigin: env.APP_ORIGIN,
    logger,
  });
  // Who is a friend of whom, asked by the modules that share with friends.
  const friendships = new Friendships({ db: db.db, users });
  const plans = new PlansService({ db: db.db, now });
  // The practice of prayer (docs/decisions/063): prayers, requests and stats call into it.
  const practice = new PracticeService({ db: db.db, users, now });
  const prayers = new PrayersService({
    db: db.db,
    access,
    now,
    notifications,
    plans,
    practice,
  });
  const journals = new JournalsService({
    db: db.db,
    access,
    now,
    notifications,
    prayers,
    plans,
  });
  const stats = new StatsService({ prayers, plans, practice, now });
  const prayerRequests = new PrayerRequestsService({
    db: db.db,
    access,
    friends: friendships,
    notifications,
    prayers,
    practice,
    now,
  });
  // The daily digest (issue 20 §2), its push actions and its scheduler.
  const digest = new DigestService({
    db: db.db,
    users,
    practice,
    tokens: new DigestTokens(opts.jwtSecret, env.APP_ORIGIN),
    now,
  });
  const digestScheduler = new DigestScheduler({
    db: db.db,
    notifications,
    practice,
    digest,
    now,
    logger,
  });
  const groups = new GroupsService({
    db: db.db,
    access,
    friends: friendships,
    prayers,
    notifications,
    plans,
  });
  const friends = new FriendsService({
    db: db.db,
    mail: mailWorker,
    notifications,
    users,
    appOrigin: env.APP_ORIGIN,
    limiter: new Limiter(FRIEND_ACTIONS_LIMIT, opts.redis),
    // What a friendship shared, which ending it ends (docs/decisions/037).
    sharedBetweenFriends: [journals, prayers, prayerRequests, groups],
  });
  const limiters = Object.fromEntries(
    Object.entries(AUTH_LIMITS).map(([key, rule]) => [key, new Limiter(rule, opts.redis)]),
  ) as Record<keyof typeof AUTH_LIMITS, Limiter>;
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? new GoogleOidc({
          issuerUrl: env.GOOGLE_ISSUER_URL,
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
          redirectUri: `${env.APP_ORIGIN}/api/auth/google/callback`,
        })
      : null;
  const hasher = new PasswordHasher();
  const auth = new AuthService({
    db: db.db,
    users,
    mail: mailWorker,
    notifications,
    hasher,
    tokens: new SessionTokens(opts.jwtSecret, env.APP_ORIGIN),
    google,
    appOrigin: env.APP_ORIGIN,
    limiters,
    logger,
    invitations: friends,
    // What ties an account to others, which taking it back ends (docs/decisions/055).
    tiesOfAnAccount: [friends, journals, groups, prayerRequests, notifications],
  });
  const streams = new OpenStreams({ liveSessions: (ids) => auth.liveSessionIds(ids), logger });
  const sharing = new SharingService({
    db: db.db,
    access,
    friends: friendships,
    journals,
    prayers,
    notifications,
  });
  const payments = new PaymentsService({
    db: db.db,
    plans,
    country: new CountryResolver(env.COUNTRY_HEADER, env.trustProxy),
    provider:
      env.FLUTTERWAVE_PUBLIC_KEY && env.FLUTTERWAVE_SECRET_KEY
        ? new FlutterwaveClient({
            apiUrl: env.FLUTTERWAVE_API_URL,
            secretKey: env.FLUTTERWAVE_SECRET_KEY,
          })
        : null,
    publicKey: env.FLUTTERWAVE_PUBLIC_KEY,
    webhookHash: env.FLUTTERWAVE_WEBHOOK_HASH,
    checkoutScriptUrl: env.FLUTTERWAVE_CHECKOUT_URL,
    limiters: {
      verify: new Limiter(PAYMENT_VERIFY_LIMIT, opts.redis),
      checkout: new Limiter(PAYMENT_CHECKOUT_LIMIT, opts.redis),
    },
    now,
  });
  const account = new AccountService({
    db: db.db,
    users,
    journals,
    prayers,
    prayerRequests,
    groups,
    friends,
    notifications,
    payments,
    practice,
    hasher,
    auth,
    passwordLimiter: new Limiter(PASSWORD_CHECK_LIMIT, opts.redis),
  });
  const journalExports = new JournalExportService({
    access,
    plans,
    prayers,
    limiter: new Limiter(EXPORT_LIMIT, opts.redis),
    now,
  });
  return {
    access,
    auth,
    users,
    account,
    mailWorker,
    hub,
    push,
    streams,
    digestScheduler,
    notifications,
    friends,
    journals,
    prayers,
    practice,
    digest,
    stats,
    prayerRequests,
    groups,
    sharing,
    plans,
    payments,
    journalExports,
  };
}

export type Services = ReturnType<typeof createServices>;
