// First: zod must not probe for eval, which the CSP refuses (lib/zod-config.ts).
import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { whenContainerReplaced } from './app/first-commit';
import { AppRouter, createAppRouter, whenRouterReady } from './app/router';
import { adoptServerState } from './app/server-state';
import { createQueryClient } from './lib/query-client';
import { yieldToMain } from './lib/yield-to-main';
import { useAuthStore } from './stores/auth-store';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

/**
 * Starts the app. Evaluating the modules above, creating the router and rendering are separate
 * tasks, so none of them blocks input for long (ADR 032). (An async function rather than
 * top-level await, which would change how the build splits the entry's chunks.)
 */
async function start(container: HTMLElement) {
  await yieldToMain();
  // Before the first render: the router starts the page's route chunks (lazy) as it is created.
  const router = createAppRouter();
  // A page the server rendered with the user's data brings that data: the live page starts
  // from it and renders the same markup (ADR 033).
  const queryClient = createQueryClient();
  adoptServerState(queryClient, useAuthStore.getState().user?._id);
  await yieldToMain();

  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
  const root = createRoot(container);

  if (container.hasAttribute('data-prerendered')) {
    // The page came prerendered (vite.config.ts, `prerenderPages`, or rendered by the server for
    // the user, app/server-render.tsx) and is on screen already: keep
    // it until its route modules have loaded, then swap in the live page in one commit (no
    // loading skeleton in between), and make #root interactive again. The render is a
    // transition, so React yields to the browser every few milliseconds while it renders
    // (ADR 028); the prerendered page stays until the commit.
    await whenRouterReady(router);
    const replaced = whenContainerReplaced(container);
    startTransition(() => root.render(app));
    await replaced;
    container.removeAttribute('inert');
    container.removeAttribute('data-prerendered');
  } else {
    // A transition: React renders the first page in slices of a few milliseconds (ADR 028).
    startTransition(() => root.render(app));
  }
}

void start(container);
