import { CONFIRM_WORD } from '@selah/shared/schemas/settings';
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

export const CONFIRM_WORD_ERROR = `Type ${CONFIRM_WORD} to confirm.`;

export interface DangerConfirmErrors {
  confirm?: string | undefined;
  password?: string | undefined;
}

/**
 * A confirmation for an action that cannot be undone: the user types DELETE (and, when asked,
 * their password). `onConfirm` returns field errors to show, or nothing when it is done.
 */
export function DangerConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  askPassword = false,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  askPassword?: boolean;
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
            askPassword={askPassword}
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
  askPassword,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  askPassword: boolean;
  onConfirm: (password: string) => Promise<DangerConfirmErrors | void>;
}) {
  const id = useId();
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<DangerConfirmErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: DangerConfirmErrors = {};
    if (word.trim() !== CONFIRM_WORD) next.confirm = CONFIRM_WORD_ERROR;
    if (askPassword && !password) next.password = 'Please enter your password.';
    setErrors(next);
    if (next.confirm || next.password) return;
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
      {askPassword && (
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
