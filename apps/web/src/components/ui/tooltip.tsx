import { lazy } from 'react';
import type * as React from 'react';
import { Deferred } from './deferred';

/**
 * Radix's tooltip and floating-ui (about 15 KB gzip) are a chunk of their own, out of the
 * signed-in shell's initial JS (issue 7, docs/decisions/045); the first render starts loading it.
 */
const TooltipPopup = lazy(() => import('./tooltip-popup'));

/**
 * `children` (one button, the trigger) with a tooltip saying `label` on hover and keyboard focus
 * (spec-1 §9: it opens after 700 ms). Until the tooltip's chunk has arrived the button shows
 * without one; focus on it stays on it when the tooltip arrives (`Deferred`). Pages rendered by
 * the server come with the tooltip's markup already.
 */
export function WithTooltip({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <Deferred fallback={children}>
      <TooltipPopup label={label}>{children}</TooltipPopup>
    </Deferred>
  );
}
