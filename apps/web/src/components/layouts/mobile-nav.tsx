import type * as React from 'react';
import { Sheet, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { AppSidebar } from './app-sidebar';
import type { ShellUser } from './shell-user';

/**
 * The sidebar as a slide-in sheet below 768 px, a chunk of its own (loaded by `AppLayout`, which
 * owns the open state and the menu button). Closing it puts focus back on that button.
 */
export function MobileNav({
  user,
  open,
  onOpenChange,
  triggerRef,
}: {
  user: ShellUser | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: React.RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetTitle className="sr-only">Navigation</SheetTitle>
        <AppSidebar user={user} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
