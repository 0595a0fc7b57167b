import type * as React from 'react';
import { Link } from 'react-router';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { BrandLink } from './brand';

const footerLink = 'rounded-sm underline-offset-4 hover:text-foreground hover:underline';

export function PublicFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-5xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row">
        <p>© {new Date().getFullYear()} Selah</p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to={paths.legal.terms.getHref()} className={footerLink}>
            Terms of Service
          </Link>
          <Link to={paths.legal.privacy.getHref()} className={footerLink}>
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}

/** Header and footer for public pages (legal pages, the trading page). */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4">
          <BrandLink />
          <div className="flex-1" />
          <ModeToggle />
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.auth.login.getHref()}>Sign In</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={paths.auth.signup.getHref()}>Join Free</Link>
          </Button>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <PublicFooter />
    </div>
  );
}
