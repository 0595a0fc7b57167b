// First: zod must not probe for eval, which the CSP refuses (lib/zod-config.ts).
import './lib/zod-config';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, createAppRouter, whenRouterReady } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// Before the first render: the router starts the page's route chunks (lazy) as it is created.
const router = createAppRouter();

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  </StrictMode>
);
const root = createRoot(container);

if (container.hasAttribute('data-prerendered')) {
  // The page came prerendered (vite.config.ts, `prerenderPages`) and is on screen already: keep it
  // until its route modules have loaded, then swap in the live page in one commit (no loading
  // skeleton in between), and make #root interactive again.
  void whenRouterReady(router).then(() => {
    flushSync(() => root.render(app));
    container.removeAttribute('inert');
    container.removeAttribute('data-prerendered');
  });
} else {
  root.render(app);
}
