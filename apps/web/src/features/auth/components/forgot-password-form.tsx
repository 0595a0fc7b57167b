import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordInputSchema, type ForgotPasswordInput } from '@selah/shared/schemas/auth';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useRequestPasswordReset } from '../api/forgot-password';

export const RESET_LINK_SENT_MESSAGE =
  "If an account exists for that address, we've sent a link to reset your password.";

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account,
 * so the page never reveals who is registered.
 */
export function ForgotPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(ForgotPasswordInputSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  if (requestReset.isSuccess) {
    return (
      <div role="status" className="grid justify-items-center gap-3 text-center">
        <MailCheck className="size-10 text-primary" aria-hidden="true" />
        <p className="text-sm">{RESET_LINK_SENT_MESSAGE}</p>
        <p className="text-sm text-muted-foreground">
          The link is valid for one hour. Check your spam folder if it does not arrive.
        </p>
      </div>
    );
  }

  const onSubmit = (values: ForgotPasswordInput) =>
    requestReset.mutate(values, {
      onError: (error) => {
        if (setServerFieldErrors(error, form.setError, ['email'])) return;
        toast.error('Request Failed', {
          description: getErrorMessage(error, 'An unexpected error occurred. Please try again.'),
        });
      },
    });

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      className="grid gap-4"
    >
      <FormField id="email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...form.register('email')}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={requestReset.isPending}>
        {requestReset.isPending ? 'Sending link...' : 'Send reset link'}
      </Button>
    </form>
  );
}
