import type { Prayer } from '@selah/shared/schemas/prayers';
import { ArrowLeft, Printer } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useJournal } from '@/api/get-journal';
import { UpgradeNotice } from '@/components/errors/upgrade-notice';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { useExportAccess } from '../api/get-export-access';
import { PRINT_MAX_PRAYERS, usePrintPrayers } from '../api/get-print-prayers';
import { EXPORT_NEEDS_PREMIUM } from './export-dialog';

export interface PrintIncludes {
  answered: boolean;
  verses: boolean;
  notes: boolean;
}

/** Reads `?answered=false&verses=true...`; anything but 'false' (or '0') includes. */
export function parsePrintIncludes(params: URLSearchParams): PrintIncludes {
  const flag = (name: string) => !['false', '0'].includes(params.get(name) ?? '');
  return { answered: flag('answered'), verses: flag('verses'), notes: flag('notes') };
}

function includedText(include: PrintIncludes) {
  const parts = [
    include.answered ? 'answered prayers' : null,
    include.verses ? 'memory verses' : null,
    include.notes ? 'notes and updates' : null,
  ].filter(Boolean);
  return parts.length > 0 ? `Includes ${parts.join(', ')}.` : '';
}

function PrintedPrayer({ prayer, include }: { prayer: Prayer; include: PrintIncludes }) {
  const facts = [
    prayer.category,
    prayer.status === 'answered' ? 'Answered' : 'Active',
    `Written ${formatDate(prayer.createdAt, 'short')}`,
    prayer.answeredAt ? `Answered ${formatDate(prayer.answeredAt, 'short')}` : null,
  ].filter(Boolean);
  return (
    <li className="grid gap-2 border-b pb-5 break-inside-avoid last:border-b-0 print:border-neutral-300">
      <article aria-labelledby={`print-${prayer._id}`} className="grid gap-2">
        <h2 id={`print-${prayer._id}`} className="text-lg font-semibold">
          {prayer.title}
        </h2>
        <p className="text-xs text-muted-foreground print:text-neutral-600">{facts.join(' · ')}</p>
        {prayer.content.trim() && (
          <p className="leading-7 whitespace-pre-wrap">{prayer.content.trim()}</p>
        )}
        {include.verses && prayer.memoryVerse && (
          <blockquote className="border-l-2 border-primary pl-3 text-sm italic print:border-neutral-500">
            Memory verse: &ldquo;{prayer.memoryVerse.verse}&rdquo; ({prayer.memoryVerse.reference})
          </blockquote>
        )}
        {include.notes && prayer.testimonies.length > 0 && (
          <section className="grid gap-1 text-sm" aria-label={`Notes on ${prayer.title}`}>
            <h3 className="font-semibold">Notes and updates</h3>
            <ul className="list-disc space-y-1 pl-5">
              {prayer.testimonies.map((note, index) => (
                <li key={index} className="whitespace-pre-wrap">
                  {note}
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    </li>
  );
}

function Toolbar({ ready, count }: { ready: boolean; count?: number | undefined }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
      <Button variant="ghost" size="sm" asChild className="-ml-2">
        <Link to={paths.app.prayerRequests.getHref()}>
          <ArrowLeft aria-hidden="true" />
          Back to Prayer Requests
        </Link>
      </Button>
      <div className="flex items-center gap-3">
        <p role="status" className="text-sm text-muted-foreground">
          {ready
            ? `Print ready: ${count ?? 0} ${count === 1 ? 'prayer' : 'prayers'}.`
            : 'Preparing...'}
        </p>
        <Button size="sm" disabled={!ready} onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
    </div>
  );
}

/**
 * A journal laid out for paper (decisions §2: the export's print view, Premium and Ministry;
 * the owner only, like the PDF). The browser's print dialog opens by itself once everything has
 * loaded; the app's sidebar and header stay off the page.
 */
export function JournalPrintView({
  journalId,
  include,
}: {
  journalId: string;
  include: PrintIncludes;
}) {
  const access = useExportAccess();
  const journal = useJournal(journalId, { toastOnError: false });
  const allowed = access.isError || (access.data?.limits.export ?? false);
  const isOwner = journal.data?.membership === 'owner';
  const prayers = usePrintPrayers(journalId, include.answered, {
    enabled: allowed && isOwner,
  });
  const ready = allowed && isOwner && prayers.isSuccess;
  const printed = useRef(false);

  // Paper is white: print in the light theme even when the app is dark.
  useEffect(() => {
    const root = document.documentElement;
    let wasDark = false;
    const before = () => {
      wasDark = root.classList.contains('dark');
      root.classList.remove('dark');
    };
    const after = () => {
      if (wasDark) root.classList.add('dark');
      wasDark = false;
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      after();
    };
  }, []);

  useEffect(() => {
    if (!ready || printed.current) return;
    // After this render reached the screen, so the printout has it; once per visit.
    const timer = setTimeout(() => {
      printed.current = true;
      window.print();
    }, 100);
    return () => clearTimeout(timer);
  }, [ready]);

  const exportedOn = formatDate(new Date(), 'long');

  let body: ReactNode;
  if (access.isPending || journal.isPending) {
    body = <PrintSkeleton />;
  } else if (!allowed) {
    body = (
      <div className="grid max-w-xl gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Print journal</h1>
        <UpgradeNotice message={EXPORT_NEEDS_PREMIUM} />
      </div>
    );
  } else if (journal.isError || !isOwner) {
    body = (
      <div className="grid max-w-xl gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">
          {journal.isError && !isApiError(journal.error, 404)
            ? 'Journal could not be loaded'
            : 'Journal not available for printing'}
        </h1>
        <p className="text-muted-foreground">
          {journal.isError && !isApiError(journal.error, 404)
            ? 'Please check your connection and try again.'
            : 'You can print only journals you own.'}
        </p>
      </div>
    );
  } else if (prayers.isPending) {
    body = <PrintSkeleton title={journal.data.title} />;
  } else if (prayers.isError) {
    body = (
      <div className="grid max-w-xl gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{journal.data.title}</h1>
        <p role="alert" className="text-destructive">
          The prayers of this journal could not be loaded.
        </p>
        <Button variant="outline" className="w-fit" onClick={() => void prayers.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { data } = journal;
    body = (
      <article
        aria-labelledby="print-title"
        className="mx-auto grid max-w-3xl gap-8 rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-10 print:max-w-none print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black print:shadow-none"
      >
        <div className="grid gap-2 border-b pb-6 print:border-neutral-300">
          <h1 id="print-title" className="text-3xl font-semibold tracking-tight">
            {data.title}
          </h1>
          {data.description.trim() && <p className="leading-7">{data.description.trim()}</p>}
          <p className="text-xs text-muted-foreground print:text-neutral-600">
            Printed from Selah on {exportedOn}. {includedText(include)}
          </p>
        </div>
        {prayers.data.prayers.length === 0 ? (
          <p className="text-muted-foreground">No prayers to show.</p>
        ) : (
          <ol aria-label="Prayers" className="grid gap-5">
            {prayers.data.prayers.map((prayer) => (
              <PrintedPrayer key={prayer._id} prayer={prayer} include={include} />
            ))}
          </ol>
        )}
        {prayers.data.truncated && (
          <p className="text-xs text-muted-foreground print:text-neutral-600">
            Only the latest {PRINT_MAX_PRAYERS.toLocaleString('en-US')} prayers are included.
          </p>
        )}
      </article>
    );
  }

  return (
    <>
      {/* The title names the file when the printout is saved as a PDF. */}
      <title>{journal.data ? `${journal.data.title} · Selah` : 'Print journal · Selah'}</title>
      <Toolbar ready={ready} count={prayers.data?.prayers.length} />
      {body}
    </>
  );
}

function PrintSkeleton({ title }: { title?: string }) {
  return (
    <div aria-busy="true" className="mx-auto grid max-w-3xl gap-6">
      {title ? (
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      ) : (
        <Skeleton className="h-9 w-72 max-w-full" />
      )}
      <Skeleton className="h-4 w-96 max-w-full" />
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-24" />
      ))}
    </div>
  );
}
