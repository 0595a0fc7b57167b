import { z } from 'zod';

const EnvSchema = z.object({
  /** Base path (or URL) of the API; the dev server proxies /api to the Fastify server. */
  API_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)/, 'must be a path starting with / or an http(s) URL')
    .default('/api'),
  /** Shown on the Terms and Privacy pages; the operator of a Selah server sets it. */
  CONTACT_EMAIL: z.email().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

function parseEnv(): Env {
  const raw = {
    API_URL: import.meta.env.VITE_API_URL as string | undefined,
    CONTACT_EMAIL: (import.meta.env.VITE_CONTACT_EMAIL as string | undefined) || undefined,
  };
  const result = EnvSchema.safeParse(raw);
  if (!result.success) {
    const fields = result.error.issues.map(
      (issue) => `- VITE_${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid environment variables:\n${fields.join('\n')}`);
  }
  return result.data;
}

export const env = parseEnv();
