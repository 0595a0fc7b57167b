import {
  ArrowRight,
  BookHeart,
  HandHeart,
  MessageCircleHeart,
  ShieldCheck,
  Sparkles,
  UsersRound,
} from 'lucide-react';
import { Link } from 'react-router';
import { BrandLink } from '@/components/layouts/brand';
import { PublicFooter } from '@/components/layouts/public-layout';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { JournalPreview } from './journal-preview';

const STEPS = [
  {
    title: 'Create your free account',
    text: 'Sign up with your e-mail address or Google. It takes a minute and costs nothing.',
  },
  {
    title: 'Write down your prayers',
    text: 'Start a private journal: what you pray for, a verse to hold on to, notes as things change.',
  },
  {
    title: 'Pray together',
    text: 'Add friends, share requests and join prayer circles, then keep the testimonies of answered prayer.',
  },
];

const FEATURES = [
  {
    icon: BookHeart,
    title: 'A personal journal',
    text: 'Keep your prayers, memory verses and notes in journals that stay private unless you choose to share them.',
  },
  {
    icon: UsersRound,
    title: 'Prayer circles',
    text: 'Join the prayer groups your friends invite you to and carry each other’s needs. Starting a group of your own comes with Premium.',
  },
  {
    icon: MessageCircleHeart,
    title: 'Prayer requests',
    text: 'Ask friends to pray with you, share only with the people you pick, and see who is praying.',
  },
  {
    icon: Sparkles,
    title: 'Testimonies',
    text: 'Mark a prayer answered and write down how. Look back and remember what God has done.',
  },
];

const sectionHeading = 'font-serif text-3xl font-semibold tracking-tight text-balance md:text-4xl';

/**
 * The public landing page (spec-2 "/"): a private, free place to pray, with Sign In and Join
 * Free, three steps and four features. Signed-in visitors also get a way back to the dashboard.
 * It reads no store itself: its route says whether a session exists (none, as the build
 * prerenders it; head/landing.js corrects that in the browser, docs/decisions/045).
 */
export function LandingPage({ isSignedIn }: { isSignedIn: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-2 px-4">
          <BrandLink />
          <nav aria-label="Sections" className="ml-6 hidden items-center gap-1 md:flex">
            <Button asChild variant="ghost" size="sm">
              <a href="#how-it-works">How it works</a>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <a href="#features">Features</a>
            </Button>
          </nav>
          <div className="flex-1" />
          <ModeToggle />
          {/* Both, one hidden: the page as the build prerenders it (for a visitor) is shown
              without the app, and head/landing.js shows the other to a signed-in visitor. */}
          <Button asChild size="sm">
            <Link to={paths.app.dashboard.getHref()} data-session="signed-in" hidden={!isSignedIn}>
              Go to dashboard
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            <Link to={paths.auth.login.getHref()} data-session="signed-out" hidden={isSignedIn}>
              Sign In
            </Link>
          </Button>
        </div>
      </header>

      <main className="flex-1">
        <section className="mx-auto grid max-w-5xl items-center gap-12 px-4 py-14 md:grid-cols-[1.1fr_1fr] md:py-24">
          <div className="flex flex-col items-center gap-6 text-center md:items-start md:text-left">
            <span className="inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground">
              <HandHeart className="size-4" aria-hidden="true" />
              Private and free
            </span>
            <h1 className="font-serif text-4xl font-semibold tracking-tight text-balance sm:text-5xl md:text-6xl">
              A quiet place to pray
            </h1>
            <p className="max-w-xl text-lg text-balance text-muted-foreground">
              Selah is a private, free space for your prayer life: a personal journal, prayer
              requests shared with friends, prayer circles, and the testimonies of prayers answered.
            </p>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button asChild size="lg">
                <Link to={paths.auth.signup.getHref()}>
                  Join Free
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.auth.login.getHref()}>Sign In</Link>
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">
              No card needed. Your journals stay yours.
            </p>
          </div>
          <JournalPreview />
        </section>

        <section
          id="how-it-works"
          aria-labelledby="how-it-works-heading"
          className="scroll-mt-16 border-y bg-muted/40"
        >
          <div className="mx-auto max-w-5xl px-4 py-16 md:py-20">
            <h2 id="how-it-works-heading" className={sectionHeading}>
              Three steps to a steadier prayer life
            </h2>
            <ol className="mt-10 grid gap-6 md:grid-cols-3">
              {STEPS.map((step, index) => (
                <li key={step.title} className="relative rounded-xl border bg-card p-6">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-primary font-serif text-lg font-semibold text-primary-foreground"
                  >
                    {index + 1}
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-2 text-muted-foreground">{step.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section
          id="features"
          aria-labelledby="features-heading"
          className="mx-auto max-w-5xl scroll-mt-16 px-4 py-16 md:py-20"
        >
          <h2 id="features-heading" className={sectionHeading}>
            Everything you need to pray, nothing you don&rsquo;t
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-xl border bg-card p-6">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold">{title}</h3>
                  <p className="mt-1 text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="privacy-heading"
          className="mx-auto max-w-5xl px-4 pb-16 md:pb-20"
        >
          <div className="flex flex-col items-center gap-6 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground md:px-12">
            <ShieldCheck className="size-10" aria-hidden="true" />
            <h2
              id="privacy-heading"
              className="font-serif text-3xl font-semibold tracking-tight text-balance"
            >
              Private by default
            </h2>
            <p className="max-w-2xl text-lg text-balance opacity-90">
              Journals and prayers are private until you share them. You decide who can find you,
              who can send you friend requests and who can invite you to their journals.
            </p>
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.auth.signup.getHref()}>Start your journal free</Link>
            </Button>
          </div>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
