import { Download, Loader2, Printer } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { UpgradeNotice } from '@/components/errors/upgrade-notice';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { getPlanLimit } from '@/lib/plan-limit';
import { toast } from '@/lib/toast';
import { useExportJournalPdf } from '../api/export-journal-pdf';
import { useExportAccess } from '../api/get-export-access';
import { useOwnedJournals } from '@/api/get-journals';

interface ExportOptions {
  journalId: string;
  includeAnswered: boolean;
  includeMemoryVerses: boolean;
  includeNotes: boolean;
}

const DEFAULTS: ExportOptions = {
  journalId: '',
  includeAnswered: true,
  includeMemoryVerses: true,
  includeNotes: true,
};

const INCLUDES = [
  ['includeAnswered', 'Include answered prayers'],
  ['includeMemoryVerses', 'Include memory verses'],
  ['includeNotes', 'Include notes and updates'],
] as const;

export const EXPORT_NEEDS_PREMIUM =
  'Exporting to PDF and printing are part of the Premium and Ministry plans.';
const EXPORT_FAILED = 'Your journal could not be exported. Please try again.';

/**
 * 'Export Prayer Journal' (spec-2 §3 export options, decisions §2): one of the user's own
 * journals as a PDF from the server, or as a print view, with the answered prayers, memory
 * verses and notes the switches include. Premium and Ministry only: on Free the dialog says so
 * and links to the plans instead.
 */
export function ExportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const journals = useOwnedJournals({ enabled: open });
  const access = useExportAccess({ enabled: open });
  const exportPdf = useExportJournalPdf();
  const [options, setOptions] = useState<ExportOptions>(DEFAULTS);
  const [limitMessage, setLimitMessage] = useState<string | null>(null);
  // The first journal until the user picks another.
  const journalId = options.journalId || (journals.data?.[0]?._id ?? '');
  // When the plan cannot be read, the server still decides (402 on Free).
  const needsUpgrade = access.data ? !access.data.limits.export : false;
  const upgradeMessage = needsUpgrade ? EXPORT_NEEDS_PREMIUM : limitMessage;
  const ready = Boolean(journalId) && !access.isPending && !upgradeMessage;
  const include = {
    answered: options.includeAnswered,
    verses: options.includeMemoryVerses,
    notes: options.includeNotes,
  };

  const onChange = (next: boolean) => {
    if (!next) {
      setOptions(DEFAULTS);
      setLimitMessage(null);
      exportPdf.reset();
    }
    onOpenChange(next);
  };

  const onExport = () => {
    if (!ready) return;
    exportPdf.mutate(
      { journalId, ...include },
      {
        onSuccess: (filename) =>
          toast.success('Export successful!', { description: `Saved ${filename}.` }),
        onError: (error) => {
          const limit = getPlanLimit(error);
          if (limit) {
            setLimitMessage(limit.message);
            return;
          }
          toast.error('Export failed', { description: getErrorMessage(error, EXPORT_FAILED) });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Export Prayer Journal</DialogTitle>
          <DialogDescription>
            Choose one of your journals and what to include in a PDF or a printout.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-journal`}>Journal</Label>
            {journals.isPending ? (
              <Skeleton className="h-9 w-full" />
            ) : journals.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Your journals could not be loaded.{' '}
                <button
                  type="button"
                  onClick={() => void journals.refetch()}
                  className="font-medium underline underline-offset-4"
                >
                  Try again
                </button>
              </p>
            ) : (
              <Select
                value={journalId}
                onValueChange={(journalId) => setOptions((current) => ({ ...current, journalId }))}
              >
                <SelectTrigger id={`${id}-journal`} className="w-full">
                  <SelectValue
                    placeholder={
                      journals.data.length === 0 ? 'No journals yet' : 'Choose a journal'
                    }
                  />
                </SelectTrigger>
                <SelectContent>
                  {journals.data.map((journal) => (
                    <SelectItem key={journal._id} value={journal._id}>
                      {journal.title}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
          <div className="grid gap-3 rounded-lg border p-3">
            {INCLUDES.map(([key, label]) => (
              <div key={key} className="flex items-center justify-between gap-4">
                <Label htmlFor={`${id}-${key}`} className="font-normal">
                  {label}
                </Label>
                <Switch
                  id={`${id}-${key}`}
                  checked={options[key]}
                  onCheckedChange={(checked) =>
                    setOptions((current) => ({ ...current, [key]: checked }))
                  }
                />
              </div>
            ))}
          </div>
          {access.isPending && open ? (
            <Skeleton className="h-12 w-full" />
          ) : (
            upgradeMessage && (
              <UpgradeNotice id={`${id}-upgrade`} message={upgradeMessage} linkLabel="Upgrade" />
            )
          )}
        </div>
        <DialogFooter>
          {ready ? (
            <Button variant="outline" asChild>
              <Link to={paths.app.journalPrint.getHref(journalId, include)}>
                <Printer aria-hidden="true" />
                Print
              </Link>
            </Button>
          ) : (
            <Button
              variant="outline"
              disabled
              aria-describedby={upgradeMessage ? `${id}-upgrade` : undefined}
            >
              <Printer aria-hidden="true" />
              Print
            </Button>
          )}
          <Button
            disabled={!ready || exportPdf.isPending}
            aria-describedby={upgradeMessage ? `${id}-upgrade` : undefined}
            onClick={onExport}
          >
            {exportPdf.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Download aria-hidden="true" />
            )}
            {exportPdf.isPending ? 'Exporting...' : 'Export'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
