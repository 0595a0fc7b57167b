import { Suspense, useLayoutEffect, useRef } from 'react';
import type * as React from 'react';

function OnArrival({ run }: { run: () => void }) {
  // Runs once, when what suspended has arrived (a layout effect: before the widget's own
  // effects, such as Radix moving focus into content that arrives open).
  const ran = useRef(false);
  useLayoutEffect(() => {
    if (ran.current) return;
    ran.current = true;
    run();
  });
  return null;
}

/**
 * A widget from a lazily loaded module (React `lazy`, started by the first render), so the
 * signed-in shell's initial JS does not carry Radix menus, popovers and dialogs (issue 7,
 * docs/decisions/021-initial-bundle-and-lighthouse.md). Until it has arrived, `fallback` is shown:
 * a look-alike of the widget's trigger button that does what it does (opens the widget, whose
 * open state its owner keeps, so the widget arrives open). Focus on the fallback moves to the
 * widget's own trigger when it arrives. `display: contents`, so the wrapper takes no layout.
 */
export function Deferred({
  fallback,
  children,
}: {
  fallback: React.ReactNode;
  children: React.ReactNode;
}) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const focused = useRef(false);
  return (
    <span
      ref={wrapper}
      className="contents"
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
      }}
    >
      <Suspense fallback={fallback}>
        {children}
        <OnArrival
          run={() => {
            if (focused.current) wrapper.current?.querySelector<HTMLElement>('button')?.focus();
          }}
        />
      </Suspense>
    </span>
  );
}
