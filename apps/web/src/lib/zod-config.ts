import { config } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may. The CSP forbids eval
 * (`script-src 'self'`), so its first parse would probe, be refused and send a CSP violation
 * report from every page. Parsing without the compiler is what happens under the CSP anyway.
 * Imported first by app/root.tsx and app/entry.client.tsx, before any schema parses.
 */
config({ jitless: true });
