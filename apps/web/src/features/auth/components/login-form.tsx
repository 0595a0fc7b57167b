import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInputSchema, type LoginInput } from '@selah/shared/schemas/auth';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/api-client';
import { setServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useAuthStore } from '@/stores/auth-store';
import { useLogin } from '../api/login';

const FAILURE_TITLE = 'Login Failed';
const FAILURE_DEFAULT = 'An unexpected error occurred. Please try again.';

/** The e-mail sign-in form; `defaultEmail` is kept typed (the address just signed up with). */
export function LoginForm({
  onSuccess,
  defaultEmail = '',
}: {
  onSuccess: () => void;
  defaultEmail?: string;
}) {
  const setSession = useAuthStore((state) => state.setSession);
  const login = useLogin();
  const form = useForm<LoginInput>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: defaultEmail, password: '', rememberMe: false },
  });
  const { errors } = form.formState;
  const { setFocus } = form;
  // Straight to the password when the address is already there (after signing up).
  useEffect(() => {
    if (defaultEmail) setFocus('password');
  }, [defaultEmail, setFocus]);

  const onSubmit = (values: LoginInput) =>
    login.mutate(values, {
      onSuccess: ({ token, user }) => {
        if (!token || !user) {
          toast.error(FAILURE_TITLE, { description: 'No authentication token received.' });
          return;
        }
        setSession(token, user);
        toast.success('Welcome back!', { description: "You've successfully logged in." });
        onSuccess();
      },
      onError: (error) => {
        setServerFieldErrors(error, form.setError, ['email', 'password']);
        toast.error(FAILURE_TITLE, { description: getErrorMessage(error, FAILURE_DEFAULT) });
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
      <FormField
        id="password"
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Link
            to={paths.auth.forgotPassword.getHref()}
            className="text-sm text-primary underline underline-offset-4 hover:decoration-2 focus-visible:underline"
          >
            Forgot password?
          </Link>
        }
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      <div className="flex items-center gap-2">
        <Controller
          control={form.control}
          name="rememberMe"
          render={({ field }) => (
            <Checkbox
              id="rememberMe"
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <Label htmlFor="rememberMe" className="font-normal">
          Remember me
        </Label>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
