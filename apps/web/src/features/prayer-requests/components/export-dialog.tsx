import { Crown, Download, Printer } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
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
import { useExportJournals } from '../api/get-export-journals';

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

/**
 * 'Export Prayer Journal' (spec-2 §3 export options). The real PDF export and print view are a
 * Premium feature that is not available yet, so the dialog shows the options and says so
 * honestly: Export and Print stay disabled and nothing pretends to succeed.
 */
export function ExportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const journals = useExportJournals({ enabled: open });
  const [options, setOptions] = useState<ExportOptions>(DEFAULTS);
  // The first journal until the user picks another.
  const journalId = options.journalId || (journals.data?.[0]?._id ?? '');

  const onChange = (next: boolean) => {
    if (!next) setOptions(DEFAULTS);
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={onChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Export Prayer Journal</DialogTitle>
          <DialogDescription>
            Choose a journal and what to include in a PDF or a printout.
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
          <div
            id={`${id}-premium`}
            className="flex gap-3 rounded-lg border border-dashed bg-muted/40 p-3 text-sm"
          >
            <Crown className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <p>
              PDF export and printing are coming with Selah Premium and are not available yet.{' '}
              <Link
                to={paths.app.pricing.getHref()}
                className="font-medium text-primary underline underline-offset-4"
              >
                See Premium plans
              </Link>
            </p>
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" disabled aria-describedby={`${id}-premium`}>
            <Printer aria-hidden="true" />
            Print
          </Button>
          <Button disabled aria-describedby={`${id}-premium`}>
            <Download aria-hidden="true" />
            Export
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
