import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AUTH_MESSAGES } from '../../../domain/auth/messages.ts';
import { resendVerificationSchema, type SignInInput, signInSchema } from '../../../domain/auth/schemas.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { EMAIL_INPUT } from '../../components/ui/input-presets.ts';
import { FormField } from '../../components/ui/labelled-control.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { toastError } from '../../lib/toast.ts';
import { signIn } from './api.ts';
import { useResendMail } from './resend-mail.ts';

interface SignInFormProps {
  /** Called with the server's message once the session cookie is set. */
  onSignedIn(message: string): Promise<void> | void;
  /** The "Sign up" control of "Don't have account? Sign up" (a link or a button). */
  signUpControl: ReactNode;
  /** Called when a link leaves the form (Forgot Password), so a dialog can close. */
  onLeave?: () => void;
}

const GENERIC_FAILURE = 'Sign in failed. Please try again.';

/**
 * SPEC.md §2 Sign In form: email, password with show/hide, SignIn, Forgot Password, Resend Mail
 * after the unverified-email error, and "Don't have account? Sign up". Field errors clear as soon
 * as the field is edited. The server's message is toasted (SPEC.md §8) and, for a refusal such as
 * a wrong password, also said on the form (an alert the form is described by) until the next
 * edit. The unverified-email error, said by its toast, adds the one Resend Mail prompt instead.
 */
export function SignInForm({ onSignedIn, signUpControl, onLeave }: SignInFormProps) {
  const [unverified, setUnverified] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { resending, resend: resendMail } = useResendMail();
  const alertId = useId();
  const {
    register,
    handleSubmit,
    clearErrors,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const field = (name: FieldPath<SignInInput>) => {
    const registered = register(name);
    return {
      ...registered,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        if (errors[name]) clearErrors(name);
        setFailure(null);
        return registered.onChange(event);
      },
    };
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const envelope = await signIn({ email: values.email, password: values.password });
      setUnverified(false);
      await onSignedIn(envelope.message);
    } catch (error) {
      const message = errorMessage(error, GENERIC_FAILURE);
      const isUnverified = error instanceof ApiError && message === AUTH_MESSAGES.unverifiedEmail;
      setUnverified(isUnverified);
      if (!isUnverified) setFailure(message);
      toastError(message);
    }
  });

  function resend() {
    const parsed = resendVerificationSchema.safeParse({ email: getValues('email') });
    if (!parsed.success) {
      toastError(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.resendNeedsEmail);
      return;
    }
    void resendMail(parsed.data.email);
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      className="space-y-5"
      aria-label="Sign In"
      aria-describedby={failure || unverified ? alertId : undefined}
    >
      <FormField label="Email" error={errors.email?.message}>
        {(control) => (
          <input
            {...control}
            {...field('email')}
            {...EMAIL_INPUT}
            placeholder="you@example.com"
            className="field-input"
          />
        )}
      </FormField>

      <FormField
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Link
            to={ROUTES.FORGOT_PASSWORD}
            onClick={onLeave}
            className="text-sm font-semibold text-brand-700 hover:underline"
          >
            Forgot Password
          </Link>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            {...field('password')}
            autoComplete="current-password"
            placeholder="Your password"
          />
        )}
      </FormField>

      <div id={alertId} role="alert" className="empty:hidden">
        {failure ? (
          <p className="flex gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            <Icon name="circle-alert" className="mt-0.5 size-4" />
            {failure}
          </p>
        ) : unverified ? (
          <p className="flex gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <Icon name="mail-check" className="mt-0.5 size-4" />
            <span>
              Didn't get the e-mail?{' '}
              <button
                type="button"
                onClick={resend}
                disabled={resending}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 disabled:opacity-60"
              >
                Resend Mail
              </button>
            </span>
          </p>
        ) : null}
      </div>

      <button type="submit" disabled={isSubmitting} className="btn-primary w-full disabled:opacity-70">
        {isSubmitting ? <Icon name="loader-circle" className="size-5 animate-spin" /> : null}
        Sign In
      </button>

      <p className="text-center text-sm text-slate-700">Don't have account? {signUpControl}</p>
    </form>
  );
}
