import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterInputSchema, type RegisterInput } from '@selah/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useRegister } from '../api/register';

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

const linkClass = 'font-medium text-primary underline underline-offset-4';

const TERMS_MESSAGE = 'You must agree to the Terms of Service and Privacy Policy to continue.';

/**
 * The e-mail sign-up form. Submitting checks every field at once and says each message at its
 * field (the terms at the checkbox too), so an empty form is never answered with only a toast.
 * `onSuccess` gets the address, for the sign-in page to keep (issue 29 §5).
 */
export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const register = useRegister();
  // A friend's invite link (/signup?invite=...): the new account finds their request waiting.
  const [params] = useSearchParams();
  const inviteCode = params.get('invite')?.trim() || undefined;
  const [agreed, setAgreed] = useState(false);
  const [termsMissed, setTermsMissed] = useState(false);
  const form = useForm<RegisterInput>({
    resolver: zodResolver(RegisterInputSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onValid = (values: RegisterInput) =>
    register.mutate(inviteCode ? { ...values, inviteCode } : values, {
      onSuccess: () => {
        toast.success('Account created!', {
          description: 'Welcome to Selah! Please sign in with your new account.',
        });
        onSuccess(values.email);
      },
      onError: (error) => {
        setServerFieldErrors(error, form.setError, FIELDS);
        toast.error('Signup Failed', {
          description: getErrorMessage(error, 'An unexpected error occurred. Please try again.'),
        });
      },
    });

  const termsRequired = () => {
    setTermsMissed(true);
    toast.error('Please agree to the Terms', { id: 'terms-required', description: TERMS_MESSAGE });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Every field is checked (and its message shown at it) whether or not the terms are ticked.
    void form.handleSubmit(
      (values) => (agreed ? onValid(values) : termsRequired()),
      () => {
        if (!agreed) setTermsMissed(true);
      },
    )(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="firstName" label="First name" error={errors.firstName?.message}>
          {(control) => (
            <Input {...control} autoComplete="given-name" {...form.register('firstName')} />
          )}
        </FormField>
        <FormField id="lastName" label="Last name" error={errors.lastName?.message}>
          {(control) => (
            <Input {...control} autoComplete="family-name" {...form.register('lastName')} />
          )}
        </FormField>
      </div>
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
      <FormField
        id="password"
        label="Password"
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
      <div className="grid gap-2">
        <div className="flex items-start gap-2">
          <Checkbox
            id="terms"
            className="mt-0.5"
            checked={agreed}
            onCheckedChange={(checked) => {
              setAgreed(checked === true);
              if (checked === true) setTermsMissed(false);
            }}
            aria-labelledby="terms-label"
            aria-invalid={termsMissed ? true : undefined}
            aria-describedby={termsMissed ? 'terms-error' : undefined}
          />
          <p id="terms-label" className="text-sm leading-snug text-muted-foreground">
            <label htmlFor="terms" className="cursor-pointer">
              I agree to the
            </label>{' '}
            <Link to={paths.legal.terms.getHref()} className={linkClass}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={paths.legal.privacy.getHref()} className={linkClass}>
              Privacy Policy
            </Link>
          </p>
        </div>
        {termsMissed && (
          <p id="terms-error" className="text-sm font-medium text-destructive">
            {TERMS_MESSAGE}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
