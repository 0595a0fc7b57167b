import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@selah/shared/constants';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import type * as React from 'react';

/** The tooltip itself (Radix), loaded on its own by `WithTooltip` (./tooltip.tsx). */
export default function TooltipPopup({
  label,
  children,
}: {
  label: string;
  children: React.ReactElement;
}) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      <TooltipPrimitive.Root data-slot="tooltip">
        <TooltipPrimitive.Trigger data-slot="tooltip-trigger" asChild>
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            data-slot="tooltip-content"
            sideOffset={4}
            className="z-50 w-fit rounded-md bg-foreground px-3 py-1.5 text-xs text-balance text-background animate-fade-in"
          >
            {label}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
