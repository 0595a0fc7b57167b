import { CalendarCheck, Landmark, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { PublicFooter } from '@/components/layouts/public-layout';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { paths } from '@/config/paths';
import { Countdown } from './countdown';
import { ProfitCounter } from './profit-counter';
import { Testimonials } from './testimonials';

const TERMS = [
  {
    icon: Landmark,
    title: '$150 broker funding',
    text: 'You open and fund your own account with a partner broker. The money stays yours, at the broker.',
  },
  {
    icon: CalendarCheck,
    title: 'First month free',
    text: 'Follow every signal for a month before you pay anything.',
  },
  {
    icon: TrendingUp,
    title: '$97/month after that',
    text: 'The normal price of the channel. Cancel whenever you like.',
  },
];

/**
 * The trading-signals marketing page (spec-2 "/trade"). It is not part of Selah's prayer
 * features and stands on its own: static copy, the offer countdown, the profit counter and four
 * rotating testimonials, with an honest risk warning.
 */
export function TradePage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4">
          <Link
            to={paths.trade.getHref()}
            className="inline-flex items-center gap-2 rounded-md font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <TrendingUp
              className="size-5 text-emerald-700 dark:text-emerald-400"
              aria-hidden="true"
            />
            Signals Channel
          </Link>
          <div className="flex-1" />
          <ModeToggle />
        </div>
      </header>
      <main className="flex-1">
        <section className="mx-auto grid max-w-5xl gap-10 px-4 py-12 md:grid-cols-2 md:items-center md:py-20">
          <div className="grid gap-5">
            <p className="text-sm font-semibold tracking-wide text-emerald-700 uppercase dark:text-emerald-400">
              Forex signals, every trading day
            </p>
            <h1 className="text-4xl font-semibold tracking-tight text-balance md:text-5xl">
              Trading Signals
            </h1>
            <p className="text-lg text-balance text-muted-foreground">
              Entries, exits and a stop-loss for each trade, sent to your phone. Fund a broker
              account with $150, get your first month free, then pay the normal price of $97/month.
            </p>
            <Countdown />
          </div>
          <div className="grid gap-6 rounded-2xl border bg-card p-6 shadow-sm md:p-8">
            <ProfitCounter />
            <ul className="grid gap-4">
              {TERMS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-3">
                  <Icon
                    className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <div>
                    <p className="font-semibold">{title}</p>
                    <p className="text-sm text-muted-foreground">{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </section>
        <div className="mx-auto max-w-5xl px-4 pb-12">
          <Testimonials />
        </div>
        <div className="mx-auto max-w-5xl px-4 pb-16">
          <aside
            aria-labelledby="risk-heading"
            className="rounded-xl border border-amber-600/40 bg-amber-50 px-6 py-5 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
          >
            <h2 id="risk-heading" className="font-semibold">
              Risk warning
            </h2>
            <p className="mt-1 text-sm">
              Trading currencies and CFDs carries a high risk of losing money quickly. Only trade
              with money you can afford to lose. Signals are not personal financial advice, and past
              results do not guarantee future ones.
            </p>
          </aside>
        </div>
      </main>
      <PublicFooter />
    </div>
  );
}
