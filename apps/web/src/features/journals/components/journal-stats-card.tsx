import type { JournalDetail } from '@selah/shared/schemas/journals';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** round(answered / total * 100), 0 when there are no prayers (spec-1 §9). */
export function answerRate(answered: number, total: number): number {
  return total > 0 ? Math.round((answered / total) * 100) : 0;
}

/** 'Journal Stats': prayer counts and the answer rate of the prayers the viewer can see. */
export function JournalStatsCard({ journal }: { journal: JournalDetail }) {
  const rate = answerRate(journal.answeredCount, journal.prayerCount);
  const rows = [
    ['Total prayers', journal.prayerCount],
    ['Active', journal.activeCount],
    ['Answered', journal.answeredCount],
    ['Members', journal.memberCount],
  ] as const;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Journal Stats</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-2 gap-3">
          {rows.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-muted/60 px-3 py-2">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="grid gap-2">
          <div className="flex items-center justify-between text-sm">
            <span id="answer-rate-label" className="text-muted-foreground">
              Answer rate
            </span>
            <span className="font-semibold tabular-nums" data-testid="answer-rate">
              {rate}%
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="answer-rate-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={rate}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary" style={{ width: `${rate}%` }} />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
