import type * as React from 'react';

/**
 * What the landing page uses of react-router, for its own build (landing.html; `landingBuild`
 * in vite.config.ts aliases 'react-router' to this file there): a `Link` that is a plain link,
 * since every link leaves the page for the SPA, which loads with a document navigation. Any
 * other import of react-router in the landing page's modules fails that build.
 */
export function Link({ to, children, ...props }: React.ComponentProps<'a'> & { to: string }) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  );
}
