import { createContext, useContext } from 'react';

/**
 * This response's CSP nonce (docs/decisions/045), given by entry.server.tsx from the page's
 * context: every inline script of the document carries it. Undefined in the browser, which
 * runs no inline script of its own.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
