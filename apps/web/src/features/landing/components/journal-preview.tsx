import { Check, HandHeart, Lock } from 'lucide-react';

const PRAYERS = [
  { title: 'Healing for Mum', note: '3 friends praying', answered: false },
  { title: 'Wisdom for the new job', note: 'Answered on Tuesday', answered: true },
  { title: 'Peace for our street', note: 'Shared with Home Group', answered: false },
];

/** A drawn (HTML and CSS, no image) glimpse of a journal, beside the landing page's heading. */
export function JournalPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm select-none">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-secondary via-background to-secondary/60 blur-2xl" />
      <div className="rotate-[-2deg] rounded-2xl border bg-card p-5 shadow-xl">
        <div className="flex items-center justify-between gap-2">
          <div>
            <p className="font-serif text-lg font-semibold">Morning Prayers</p>
            <p className="text-xs text-muted-foreground">My journal</p>
          </div>
          <span className="inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs text-muted-foreground">
            <Lock className="size-3" />
            Private
          </span>
        </div>
        <ul className="mt-4 grid gap-2">
          {PRAYERS.map((prayer) => (
            <li
              key={prayer.title}
              className="flex items-center gap-3 rounded-lg border bg-background/60 px-3 py-2"
            >
              <span
                className={
                  prayer.answered
                    ? 'flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground'
                    : 'flex size-6 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground'
                }
              >
                {prayer.answered ? (
                  <Check className="size-3.5" />
                ) : (
                  <HandHeart className="size-3.5" />
                )}
              </span>
              <span className="grid min-w-0">
                <span className="truncate text-sm font-medium">{prayer.title}</span>
                <span className="truncate text-xs text-muted-foreground">{prayer.note}</span>
              </span>
            </li>
          ))}
        </ul>
        <figure className="mt-4 rounded-lg bg-secondary px-4 py-3 text-secondary-foreground">
          <blockquote className="font-serif text-sm italic">
            &ldquo;Be still, and know that I am God.&rdquo;
          </blockquote>
          <figcaption className="mt-1 text-xs opacity-80">Psalm 46:10</figcaption>
        </figure>
      </div>
    </div>
  );
}
