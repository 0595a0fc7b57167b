import type { GoogleConfirmAction } from '@selah/shared/schemas/auth';
import { CONFIRM_WORD } from '@selah/shared/schemas/settings';
import { CircleCheck } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { startGoogleConfirmation } from '../utils/google-confirm';

export const CONFIRM_WORD_ERROR = `Type ${CONFIRM_WORD} to confirm.`;
export const GOOGLE_FIRST = 'Please confirm with Google first.';
export const GOOGLE_CONFIRMATION_EXPIRED =
  'Your confirmation with Google has expired or was used. Please confirm again.';

export interface DangerConfirmErrors {
  confirm?: string | undefined;
  password?: string | undefined;
  google?: string | undefined;
}

/**
 * What proves it is the account's owner: the current password, or, for an account that signs in
 * with Google only, a fresh Google sign-in made for this action (`confirmed` once it is back).
 */
export type DangerProof =
  { kind: 'password' } | { kind: 'google'; action: GoogleConfirmAction; confirmed: boolean };

/**
 * A confirmation for an action that cannot be undone: the user types DELETE and gives the
 * password, or confirms with Google first (the page goes to Google and comes back with the
 * dialog open). `onConfirm` returns field errors to show, or nothing when it is done.
 */
export function DangerConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  proof,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  proof: DangerProof;
  onConfirm: (password: string) => Promise<DangerConfirmErrors | void>;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        {/* The form mounts with the dialog, so each opening starts empty. */}
        {open && (
          <DangerConfirmForm
            title={title}
            description={description}
            confirmLabel={confirmLabel}
            pendingLabel={pendingLabel}
            pending={pending}
            proof={proof}
            onConfirm={onConfirm}
          />
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

function DangerConfirmForm({
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  proof,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  proof: DangerProof;
  onConfirm: (password: string) => Promise<DangerConfirmErrors | void>;
}) {
  const id = useId();
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<DangerConfirmErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: DangerConfirmErrors = {};
    if (proof.kind === 'google' && !proof.confirmed) next.google = GOOGLE_FIRST;
    if (word.trim() !== CONFIRM_WORD) next.confirm = CONFIRM_WORD_ERROR;
    if (proof.kind === 'password' && !password) next.password = 'Please enter your password.';
    setErrors(next);
    if (next.confirm || next.password || next.google) return;
    void onConfirm(password).then((serverErrors) => {
      if (serverErrors) setErrors(serverErrors);
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="grid gap-2">{description}</div>
        </AlertDialogDescription>
      </AlertDialogHeader>
      {proof.kind === 'google' && (
        <GoogleConfirmation
          id={`${id}-google`}
          action={proof.action}
          confirmed={proof.confirmed}
          error={errors.google}
        />
      )}
      <FormField
        id={`${id}-confirm`}
        label={
          <span>
            Type <span className="font-mono font-semibold">{CONFIRM_WORD}</span> to confirm
          </span>
        }
        error={errors.confirm}
      >
        {(control) => (
          <Input
            {...control}
            value={word}
            onChange={(event) => setWord(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        )}
      </FormField>
      {proof.kind === 'password' && (
        <FormField id={`${id}-password`} label="Your password" error={errors.password}>
          {(control) => (
            <Input
              {...control}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
            />
          )}
        </FormField>
      )}
      <AlertDialogFooter>
        <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
        {/* A plain submit button, so the dialog stays open until the server has answered. */}
        <Button type="submit" variant="destructive" disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </AlertDialogFooter>
    </form>
  );
}

/**
 * For an account without a password: a button that leaves for Google (to come back with the
 * dialog open), or, once back, that it is confirmed.
 */
function GoogleConfirmation({
  id,
  action,
  confirmed,
  error,
}: {
  id: string;
  action: GoogleConfirmAction;
  confirmed: boolean;
  error: string | undefined;
}) {
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="grid gap-3 rounded-md border p-3 text-sm">
      {confirmed ? (
        <p className="flex items-center gap-2 font-medium">
          <CircleCheck
            className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
            aria-hidden="true"
          />
          Confirmed with Google. Finish within 5 minutes.
        </p>
      ) : (
        <>
          <p id={`${id}-hint`} className="text-muted-foreground">
            Your account signs in with Google. Confirm with Google that it is you; you will come
            back here to finish.
          </p>
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            disabled={leaving}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onClick={() => {
              setLeaving(true);
              startGoogleConfirmation(action);
            }}
          >
            {leaving ? 'Opening Google...' : 'Confirm with Google'}
          </Button>
        </>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
