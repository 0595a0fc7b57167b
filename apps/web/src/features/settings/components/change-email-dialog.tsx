import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeEmailInputSchema } from '@selah/shared/schemas/settings';
import { useForm } from 'react-hook-form';
import { DialogActions } from '@/components/dialogs/dialog-actions';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useChangeEmail, type ChangeEmailInput } from '../api/change-email';

const CHANGE_EMAIL_FAILED = 'Your e-mail address could not be changed. Please try again.';

/**
 * Asks to change the sign-in e-mail address; the current password confirms it. The new address
 * gets a link, and the change happens when it is opened.
 */
export function ChangeEmailDialog({
  open,
  onOpenChange,
  currentEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentEmail: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Change e-mail address</DialogTitle>
          <DialogDescription>
            You sign in with {currentEmail}. Enter the new address and your current password: we
            send a link to the new address, and it becomes your sign-in address when you open it.
            Your other devices are then signed out.
          </DialogDescription>
        </DialogHeader>
        {/* The form mounts with the dialog, so each opening starts empty. */}
        {open && <ChangeEmailForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const changeEmail = useChangeEmail();
  const form = useForm<ChangeEmailInput>({
    resolver: zodResolver(ChangeEmailInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onValid = (values: ChangeEmailInput) =>
    changeEmail.mutate(values, {
      onSuccess: ({ message }) => {
        toast.success('Check your inbox', { description: message });
        onDone();
      },
      onError: (error) => {
        if (isApiError(error, 403)) {
          form.setError('password', { type: 'server', message: error.message });
          form.setFocus('password');
          return;
        }
        if (isApiError(error, 409)) {
          form.setError('email', { type: 'server', message: error.message });
          form.setFocus('email');
          return;
        }
        if (setServerFieldErrors(error, form.setError, ['email', 'password'])) return;
        toast.error('E-mail not changed', {
          description: getErrorMessage(error, CHANGE_EMAIL_FAILED),
        });
      },
    });

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
    >
      <FormField id="new-email" label="New e-mail address" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
        )}
      </FormField>
      <FormField id="email-password" label="Current password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      <DialogActions
        onCancel={onDone}
        label="Send link"
        pendingLabel="Sending..."
        pending={changeEmail.isPending}
      />
    </form>
  );
}
