import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { AppProvider } from './provider';
import { Component as LoginPage } from './routes/auth/login';

/**
 * Pages of the SPA rendered to HTML at build time (vite.config.ts, `prerenderPages`), by URL
 * pattern: the server sends that HTML for them instead of the empty index.html, so they paint
 * from HTML and CSS before any JS has run (issue 7's LCP target). Only pages that look the same
 * for every visitor. main.tsx replaces the markup with the live page once its route modules
 * have loaded (same markup: nothing moves).
 */
export const PRERENDERED_PAGES: Record<string, () => React.ReactElement> = {
  [paths.auth.login.path]: () => <LoginPage />,
};

/** The page at `path` as the app renders it inside #root, with an empty data cache. */
export function renderPage(path: string): string {
  const page = PRERENDERED_PAGES[path];
  if (!page) throw new Error(`no prerendered page for ${path}`);
  return renderToString(
    <AppProvider queryClient={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={page()} />
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}
