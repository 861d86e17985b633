import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { resetRequestSchema } from '../../../domain/auth/requests.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { EMAIL_INPUT } from '../../components/ui/input-presets.ts';
import { FormField } from '../../components/ui/labelled-control.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toastError } from '../../lib/toast.ts';
import { requestPasswordReset } from './api.ts';

/** /forgot-password: asks for a reset link. The answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });

  const email = register('email');
  const submit = handleSubmit(async ({ email }) => {
    try {
      const envelope = await requestPasswordReset(email);
      setSent(envelope.message);
    } catch (error) {
      toastError(errorMessage(error, 'We could not send the e-mail. Please try again.'));
    }
  });

  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-3xl border border-slate-200 bg-white p-8 shadow-xl shadow-slate-900/5 sm:p-10">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Forgot Password</h1>
        {sent ? (
          <div role="status" className="mt-6">
            <p className="flex gap-3 rounded-xl bg-green-50 p-4 text-green-900">
              <Icon name="mail-check" className="mt-0.5 size-5" />
              {sent}
            </p>
            <p className="mt-4 text-sm text-slate-600">
              The link works for one hour. Check your spam folder if it does not arrive.
            </p>
            <Link to={ROUTES.SIGN_IN} className="btn-outline mt-6">
              Back to Sign In
            </Link>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-600">
              Enter the e-mail address of your account and we will send you a link to set a new password.
            </p>
            <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-5">
              <FormField label="Email" error={errors.email?.message}>
                {(c) => (
                  <input
                    {...c}
                    {...email}
                    onChange={(event) => {
                      if (errors.email) clearErrors('email');
                      return email.onChange(event);
                    }}
                    {...EMAIL_INPUT}
                    placeholder="you@example.com"
                    className="field-input"
                  />
                )}
              </FormField>
              <button type="submit" disabled={isSubmitting} className="btn-primary w-full disabled:opacity-70">
                {isSubmitting ? <Icon name="loader-circle" className="size-5 animate-spin" /> : null}
                Send reset link
              </button>
              <p className="text-center text-sm text-slate-700">
                Remembered it?{' '}
                <Link to={ROUTES.SIGN_IN} className="font-semibold text-brand-700 hover:underline">
                  Sign In
                </Link>
              </p>
            </form>
          </>
        )}
      </div>
    </div>
  );
}
