import type { PrayerRequest } from '@selah/shared/schemas/prayer-requests';
import { CheckCircle2, Megaphone } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { DialogActions } from '@/components/dialogs/dialog-actions';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { LoadMoreRow } from '@/components/ui/load-more-row';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useErrorToast } from '@/hooks/use-error-toast';
import { getErrorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { useAnswerRequest } from '../api/answer-request';
import { LOAD_UPDATES_ERROR, useRequestUpdates } from '../api/get-request-updates';
import { usePostRequestUpdate } from '../api/post-request-update';

const TEXT_MAX = 2000;

/** The testimony of an answered request. */
export function RequestTestimony({ request }: { request: PrayerRequest }) {
  if (request.status !== 'answered') return null;
  return (
    <section
      aria-labelledby="request-answered-heading"
      className="grid gap-1 rounded-lg border border-emerald-200 bg-emerald-50 p-3 dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <h3 id="request-answered-heading" className="flex items-center gap-2 font-semibold">
        <CheckCircle2
          className="size-4 text-emerald-600 dark:text-emerald-400"
          aria-hidden="true"
        />
        Answered{request.answeredAt ? ` on ${formatDate(request.answeredAt)}` : ''}
      </h3>
      {request.testimony && <p className="text-sm whitespace-pre-wrap">{request.testimony}</p>}
    </section>
  );
}

/** A request's updates, newest first, with a skeleton while they load and an empty state. */
export function RequestUpdates({ request }: { request: PrayerRequest }) {
  const query = useRequestUpdates(request._id);
  useErrorToast(query.error, 'Error', LOAD_UPDATES_ERROR);
  const updates = query.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="request-updates-heading" className="grid gap-3">
      <h3 id="request-updates-heading" className="font-semibold">
        Updates ({request.updatesCount})
      </h3>
      {query.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading updates">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-4/5" />
        </div>
      ) : query.isError ? (
        <p className="text-sm text-destructive">{LOAD_UPDATES_ERROR}</p>
      ) : updates.length === 0 ? (
        <p className="text-sm text-muted-foreground">No updates yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Updates">
          {updates.map((update) => (
            <li key={update.id} className="rounded-md border px-3 py-2">
              <p className="text-sm whitespace-pre-wrap">{update.text}</p>
              <p className="mt-1 text-xs text-muted-foreground">{formatDate(update.createdAt)}</p>
            </li>
          ))}
        </ol>
      )}
      <LoadMoreRow query={query} />
    </section>
  );
}

/** The creator's actions on a pending request: post an update, mark it answered. */
export function RequestOwnerActions({ request }: { request: PrayerRequest }) {
  const [open, setOpen] = useState<'update' | 'answer' | null>(null);
  if (!request.isMine || request.status === 'answered') return null;
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" onClick={() => setOpen('update')}>
        <Megaphone aria-hidden="true" />
        Post Update
      </Button>
      <Button size="sm" onClick={() => setOpen('answer')}>
        <CheckCircle2 aria-hidden="true" />
        Mark Answered
      </Button>
      <TextDialog
        key={`update-${String(open === 'update')}`}
        open={open === 'update'}
        onOpenChange={(next) => setOpen(next ? 'update' : null)}
        request={request}
        kind="update"
      />
      <TextDialog
        key={`answer-${String(open === 'answer')}`}
        open={open === 'answer'}
        onOpenChange={(next) => setOpen(next ? 'answer' : null)}
        request={request}
        kind="answer"
      />
    </div>
  );
}

const TEXTS = {
  update: {
    title: 'Post an update',
    description: 'Everyone praying for this request is told.',
    label: 'Update',
    empty: 'Please write your update.',
    submit: 'Post Update',
    pending: 'Posting...',
    done: 'Update posted',
    failed: 'Failed to post the update. Please try again.',
  },
  answer: {
    title: 'Mark answered',
    description: 'Share what God did: everyone who prayed for it is told, with your testimony.',
    label: 'Testimony',
    empty: 'Please enter your testimony before submitting.',
    submit: 'Mark Answered',
    pending: 'Saving...',
    done: 'Praise God!',
    failed: 'Failed to mark the request answered. Please try again.',
  },
} as const;

function TextDialog({
  open,
  onOpenChange,
  request,
  kind,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  request: PrayerRequest;
  kind: 'update' | 'answer';
}) {
  const id = useId();
  const texts = TEXTS[kind];
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const post = usePostRequestUpdate();
  const answer = useAnswerRequest();
  const pending = post.isPending || answer.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return setError(texts.empty);
    if (value.length > TEXT_MAX)
      return setError(`${texts.label} must be ${TEXT_MAX} characters or less.`);
    const options = {
      onSuccess: () => {
        toast.success(texts.done, {
          description:
            kind === 'update'
              ? `Your update on "${request.title}" is posted.`
              : `"${request.title}" is marked answered.`,
        });
        onOpenChange(false);
      },
      onError: (cause: unknown) => setError(getErrorMessage(cause, texts.failed)),
    };
    if (kind === 'update') post.mutate({ id: request._id, text: value }, options);
    else answer.mutate({ id: request._id, testimony: value }, options);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <FormField
            id={`${id}-text`}
            label={texts.label}
            error={error}
            count={{ length: text.trim().length, max: TEXT_MAX }}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={5}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <DialogActions
            onCancel={() => onOpenChange(false)}
            label={texts.submit}
            pendingLabel={texts.pending}
            pending={pending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
