import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';

/** This server's own link to a journal (decisions §2). */
export function journalShareLink(id: string) {
  return `${window.location.origin}${paths.app.journal.getHref(id)}`;
}

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  throw new Error('Copying is not available in this browser.');
}

/** Share a journal by link. Sharing with friends arrives with the friends feature. */
export function ShareJournalDialog({
  journal,
  open,
  onOpenChange,
}: {
  journal: { _id: string; title: string; isPrivate: boolean };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const link = journalShareLink(journal._id);
  const [copied, setCopied] = useState(false);

  const onCopy = () =>
    void copyText(link).then(
      () => {
        setCopied(true);
        toast.success('Link copied!', { description: 'The journal link is on your clipboard.' });
      },
      (error: unknown) =>
        toast.error('Error', {
          description: error instanceof Error ? error.message : 'Could not copy the link.',
        }),
    );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setCopied(false);
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share Journal</DialogTitle>
          <DialogDescription>
            {journal.isPrivate
              ? `Only members of "${journal.title}" can open this link.`
              : `Anyone signed in to Selah can open "${journal.title}" with this link.`}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="journal-share-link">Journal link</Label>
          <div className="flex gap-2">
            <Input
              id="journal-share-link"
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="outline" onClick={onCopy} className="shrink-0">
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              Copy
            </Button>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          Sharing with your friends directly will be available once friends arrive in Selah.
        </p>
      </DialogContent>
    </Dialog>
  );
}
