// First: zod must not probe for eval, which the CSP refuses (lib/zod-config.ts).
import '../lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * The browser's entry (docs/decisions/045): hydrates the document the server sent (or the
 * build prerendered), in a transition, so React yields to the browser while it works.
 */
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
