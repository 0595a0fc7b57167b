import { createContext } from 'react-router';
// The one import of the server in the web app, a type (docs/decisions/045): what the server's
// page handler gives route loaders, which call its services as the signed-in user.
import type { PageContext } from '../../../server/src/plugins/pages.ts';

export type { PageContext };

/**
 * What the server gives a page's `loader` (`context.get(pageContext)`): the services, the user
 * of the page cookie (null when none is signed in), this response's CSP nonce and its logger.
 * Null when the build prerenders a page (no request, no user). The server takes this token from
 * the build's entry.server.tsx, which exports it, so both use the same one.
 */
export const pageContext = createContext<PageContext | null>(null);
