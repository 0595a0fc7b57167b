import { zodResolver } from '@hookform/resolvers/zod';
import { NewPasswordSchema } from '@selah/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';

const ResetPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match.',
  });
type ResetPasswordFormValues = z.infer<typeof ResetPasswordFormSchema>;

export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(ResetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = ({ password }: ResetPasswordFormValues) =>
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast.success('Password updated', {
            description: 'You can now sign in with your new password.',
          });
          onSuccess();
        },
        onError: (error) => {
          setServerFieldErrors(error, form.setError, ['password']);
          toast.error('Reset Failed', {
            description: getErrorMessage(error, 'An unexpected error occurred. Please try again.'),
          });
        },
      },
    );

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      className="grid gap-4"
    >
      <FormField
        id="password"
        label="New password"
        hint="At least 8 characters"
        error={errors.password?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      <FormField
        id="confirmPassword"
        label="Confirm new password"
        error={errors.confirmPassword?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
        {resetPassword.isPending ? 'Updating password...' : 'Update password'}
      </Button>
    </form>
  );
}
