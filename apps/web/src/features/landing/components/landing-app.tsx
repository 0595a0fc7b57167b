import { TooltipProvider } from '@/components/ui/tooltip';
import { LandingPage } from './landing-page';

/**
 * The landing page on its own (src/landing.tsx, prerendered into landing.html at build time):
 * the same page as the SPA's "/" route with no data layer, toasts or route table. Its build
 * swaps react-router and the tooltips for the plain versions in ../lite/, so its links are
 * document navigations to the SPA.
 */
export function LandingApp({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <TooltipProvider>
      <LandingPage isSignedIn={isSignedIn} />
    </TooltipProvider>
  );
}
