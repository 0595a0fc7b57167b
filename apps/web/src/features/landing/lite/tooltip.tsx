import type * as React from 'react';

/**
 * The tooltip API for the landing page's own build (`landingBuild` in vite.config.ts aliases
 * '@/components/ui/tooltip' to this file there): triggers render as they are, with their
 * accessible name, and no tooltip, which would bring Radix and floating-ui (about 15 KB gzip)
 * to a page that must load in 90 KB. The SPA's "/" route shows the real tooltips.
 */
export function TooltipProvider({ children }: { children?: React.ReactNode }) {
  return children;
}
export function Tooltip({ children }: { children?: React.ReactNode }) {
  return children;
}
export function TooltipTrigger({ children }: { children?: React.ReactNode; asChild?: boolean }) {
  return children;
}
export function TooltipContent(_props: { children?: React.ReactNode }) {
  return null;
}
