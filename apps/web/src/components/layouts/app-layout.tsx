import { paidPlanName } from '@selah/shared/schemas/billing';
import { MOBILE_BREAKPOINT } from '@selah/shared/constants';
import { Crown, Menu, Sparkles } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type * as React from 'react';
import { Link } from 'react-router';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { ThemeColorDialog } from '@/components/theme/theme-color-dialog';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AppSidebar } from './app-sidebar';
import type { ShellUser } from './shell-user';
import { UserMenu } from './user-menu';

/**
 * The slide-in sidebar (Radix Dialog, its focus trap and scroll lock) is a chunk of its own, out
 * of the shell's initial JS (issue 7). It is mounted, closed, from the first render, which starts
 * loading it; a press on the menu button before it has arrived opens it when it does.
 */
const MobileNav = lazy(() =>
  import('./mobile-nav').then((module) => ({ default: module.MobileNav })),
);

/**
 * The signed-in shell (spec-1 §2 "Shared layout"): a sidebar (a slide-in sheet below 768 px,
 * whose open state this layout owns) and a sticky header. The header's notification bell comes
 * from the notifications feature through `notifications`, and a notice above every page (the
 * reminder to confirm the e-mail address) through `banner` (components never import features).
 */
export function AppLayout({
  user,
  onLogout,
  notifications,
  banner,
  children,
}: {
  user: ShellUser | null;
  onLogout: () => void;
  notifications?: React.ReactNode;
  banner?: React.ReactNode;
  children: React.ReactNode;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The header's plan button: the paid plan's name, else 'Upgrade' (both lead to /pricing).
  const planLabel = paidPlanName(user?.plan);

  // The slide-in only exists on small screens: close it when the window grows past them.
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT}px)`);
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) setMenuOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to content
      </a>
      <div className="flex min-h-dvh">
        <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-r bg-sidebar md:block print:hidden">
          <AppSidebar user={user} />
        </aside>
        <Suspense fallback={null}>
          <MobileNav
            user={user}
            open={menuOpen}
            onOpenChange={setMenuOpen}
            triggerRef={menuButton}
          />
        </Suspense>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/75 md:px-6 print:hidden">
            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              className="-ml-2 md:hidden"
              aria-label="Open menu"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <Menu aria-hidden="true" />
            </Button>
            <div className="flex-1" />
            {notifications}
            <Button asChild size="sm" variant={planLabel ? 'outline' : 'default'}>
              <Link to={paths.app.pricing.getHref()}>
                {planLabel ? <Crown aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
                {planLabel ?? 'Upgrade'}
              </Link>
            </Button>
            <ThemeColorDialog triggerClassName="hidden md:inline-flex" />
            <ModeToggle />
            <UserMenu user={user} onLogout={onLogout} />
          </header>
          <main
            id="main-content"
            tabIndex={-1}
            className="flex-1 px-4 py-6 outline-none md:px-8 md:py-8 print:p-0"
          >
            {banner}
            {children}
          </main>
        </div>
      </div>
    </>
  );
}
