// First: zod must not probe for eval, which the CSP refuses (lib/zod-config.ts).
import '../lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { yieldToMain } from '../lib/yield-to-main';

/**
 * The browser's entry (docs/decisions/045): hydrates the document the server sent (or the build
 * prerendered). Evaluating the app's modules and hydrating are separate tasks, and hydration is
 * a transition, so React yields to the browser while it works (ADRs 028, 032). (An async
 * function rather than top-level await, which would change how the build splits the chunks.)
 */
async function start() {
  await yieldToMain();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void start();
