import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const optionalUrl = optionalString.pipe(z.url().optional());

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    APP_ORIGIN: optionalUrl,
    JWT_SECRET: optionalString.pipe(
      z.string().min(32, 'must be at least 32 characters').optional(),
    ),
    SMTP_URL: optionalUrl,
    MAIL_FROM: optionalString.default('Selah <no-reply@selah.local>'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER_URL: z.url().default('https://accounts.google.com'),
    TRUST_PROXY: optionalString,
    COUNTRY_HEADER: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9-]+$/, 'must be an HTTP header name')
        .optional(),
    ),
    FLUTTERWAVE_PUBLIC_KEY: optionalString,
    FLUTTERWAVE_SECRET_KEY: optionalString,
    FLUTTERWAVE_WEBHOOK_HASH: optionalString,
    FLUTTERWAVE_API_URL: httpUrl.default('https://api.flutterwave.com'),
    FLUTTERWAVE_CHECKOUT_URL: httpUrl.default('https://checkout.flutterwave.com/v3.js'),
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    /**
     * Test-only: Web Push may go to any endpoint (loopback and private addresses, a push
     * service with a self-signed certificate), as the end-to-end stack's local push service
     * needs. Refused in production.
     */
    PUSH_ALLOW_INSECURE_ENDPOINTS: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: optionalString,
    /** on: pages come from Vite's dev server with hot reloading (`npm run dev`), not a build. */
    WEB_DEV_SERVER: z.enum(['on', 'off']).default('off'),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1000),
    DB_POOL_MAX: z.coerce.number().int().min(4).max(1000).default(10),
    DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    WATCHDOG_SECONDS: z.coerce.number().min(0).default(10),
    /** Connections held at once; unset: derived from the limit of open files (connection-limits.ts). */
    MAX_CONNECTIONS: optionalString.pipe(
      z.coerce.number<string | undefined>().int().min(1).max(10_000_000).optional(),
    ),
    /** Connections one client address holds at once (0: no cap; proxies in TRUST_PROXY have none). */
    MAX_CONNECTIONS_PER_ADDRESS: optionalString.pipe(
      z.coerce.number<string | undefined>().int().min(0).max(10_000_000).optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
      });
    }
    if (Boolean(env.FLUTTERWAVE_PUBLIC_KEY) !== Boolean(env.FLUTTERWAVE_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['FLUTTERWAVE_SECRET_KEY'],
        message: 'FLUTTERWAVE_PUBLIC_KEY and FLUTTERWAVE_SECRET_KEY must be set together',
      });
    }
    if (env.NODE_ENV === 'production' && !env.FLUTTERWAVE_API_URL.startsWith('https://')) {
      ctx.addIssue({
        code: 'custom',
        path: ['FLUTTERWAVE_API_URL'],
        message: 'must be https in production (it carries the secret key)',
      });
    }
    if (env.NODE_ENV === 'production' && env.PUSH_ALLOW_INSECURE_ENDPOINTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_ALLOW_INSECURE_ENDPOINTS'],
        message:
          'is for tests only and refused in production (Web Push would reach private addresses and trust any certificate)',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      });
    }
    if (env.COUNTRY_HEADER && !env.TRUST_PROXY) {
      ctx.addIssue({
        code: 'custom',
        path: ['COUNTRY_HEADER'],
        message:
          'is believed only from the proxies in TRUST_PROXY: set TRUST_PROXY to the proxy that sets it',
      });
    }
    if (env.TRUST_PROXY) {
      for (const entry of env.TRUST_PROXY.split(',').map((s) => s.trim())) {
        if (!isAddressOrCidr(entry)) {
          ctx.addIssue({
            code: 'custom',
            path: ['TRUST_PROXY'],
            message: `"${entry}" is not an IP address or CIDR`,
          });
        }
      }
    }
  });

function isAddressOrCidr(value: string): boolean {
  const [addr, bits, ...rest] = value.split('/');
  if (rest.length > 0 || !addr) return false;
  const v4 = z.ipv4().safeParse(addr).success;
  const v6 = z.ipv6().safeParse(addr).success;
  if (!v4 && !v6) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return Number.isInteger(n) && n >= 0 && n <= (v4 ? 32 : 128);
}

export type Env = Omit<z.infer<typeof EnvSchema>, 'APP_ORIGIN'> & {
  APP_ORIGIN: string;
  DATA_DIR: string;
  trustProxy: string[];
  googleEnabled: boolean;
};

export class EnvError extends Error {
  readonly issues: string[];

  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
    this.issues = issues;
  }
}

/**
 * Parses the process environment once at boot.
 * @throws EnvError naming every bad variable.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const appOrigin = (env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    APP_ORIGIN: appOrigin,
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((s) => s.trim()) : [],
    googleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
  };
}
