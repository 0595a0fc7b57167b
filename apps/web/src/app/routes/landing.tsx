import { BookHeart, HandHeart, Sparkles, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { BrandLink } from '@/components/layouts/brand';
import { PublicFooter } from '@/components/layouts/public-layout';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

const HIGHLIGHTS = [
  {
    icon: BookHeart,
    title: 'A personal journal',
    text: 'Write down what you pray for, privately or shared with the people you choose.',
  },
  {
    icon: UsersRound,
    title: 'Prayer circles',
    text: 'Pray together with friends and groups, and carry each other’s requests.',
  },
  {
    icon: Sparkles,
    title: 'Testimonies',
    text: 'Mark prayers answered and keep a record of how they were answered.',
  },
];

export function Component() {
  return (
    <div className="flex min-h-dvh flex-col">
      <title>Selah · A quiet place to pray</title>
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center gap-2 px-4">
        <BrandLink />
        <div className="flex-1" />
        <ModeToggle />
      </header>
      <main className="flex-1">
        <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-16 text-center md:py-24">
          <span className="inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground">
            <HandHeart className="size-4" aria-hidden="true" />
            Private and free
          </span>
          <h1 className="font-serif text-4xl font-semibold tracking-tight text-balance md:text-6xl">
            A quiet place to pray
          </h1>
          <p className="max-w-xl text-lg text-balance text-muted-foreground">
            Selah keeps your prayer journal, your prayer requests and the testimonies of answered
            prayer in one calm space, and lets you pray together with friends.
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link to={paths.auth.signup.getHref()}>Join Free</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.auth.login.getHref()}>Sign In</Link>
            </Button>
          </div>
        </section>
        <section aria-labelledby="highlights" className="mx-auto max-w-5xl px-4 pb-20">
          <h2 id="highlights" className="sr-only">
            What Selah offers
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border bg-card p-6">
                <Icon className="mb-3 size-6 text-primary" aria-hidden="true" />
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <PublicFooter />
    </div>
  );
}
