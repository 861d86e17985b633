import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AUTH_API_MESSAGES, AUTH_MESSAGES, PASSWORD_HINT } from '../../../domain/auth/messages.ts';
import { createPasswordFormSchema } from '../../../domain/auth/requests.ts';
import { missingPasswordParts, passwordStrengthMessage } from '../../../domain/auth/schemas.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { FormField } from '../../components/ui/labelled-control.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toastError } from '../../lib/toast.ts';
import { resetPassword } from './api.ts';
import { openAuthDialog } from './open-auth-dialog.ts';

interface CreatePasswordForm {
  password: string;
  confirmPassword: string;
}

/** /create-password?token=…: a new password under the sign-up strength rule, typed twice. */
export function CreatePasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CreatePasswordForm>({
    resolver: zodResolver(createPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const password = watch('password');
  const confirm = watch('confirmPassword');
  const missing = password ? missingPasswordParts(password) : [];
  const passwordError = missing.length > 0 ? passwordStrengthMessage(missing) : errors.password?.message;
  const confirmError =
    confirm && confirm !== password ? AUTH_MESSAGES.passwordsDoNotMatch : errors.confirmPassword?.message;

  const submit = handleSubmit(async (values) => {
    try {
      const envelope = await resetPassword(token, values.password);
      setDone(envelope.message);
    } catch (error) {
      toastError(errorMessage(error, AUTH_API_MESSAGES.invalidResetLink));
    }
  });

  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-20">
      <div className="mx-auto max-w-lg rounded-3xl border border-slate-200 bg-white p-8 shadow-xl shadow-slate-900/5 sm:p-10">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Create a new password</h1>
        {!token ? (
          <div role="alert" className="mt-6">
            <p className="flex gap-3 rounded-xl bg-red-50 p-4 text-red-900">
              <Icon name="circle-alert" className="mt-0.5 size-5" />
              {AUTH_API_MESSAGES.invalidResetLink}
            </p>
            <Link to={ROUTES.FORGOT_PASSWORD} className="btn-outline mt-6">
              Send a new link
            </Link>
          </div>
        ) : done ? (
          <div role="status" className="mt-6">
            <p className="flex gap-3 rounded-xl bg-green-50 p-4 text-green-900">
              <Icon name="circle-check" className="mt-0.5 size-5" />
              {done}
            </p>
            <a
              href={ROUTES.SIGN_IN}
              onClick={(event) => {
                event.preventDefault();
                openAuthDialog('signin', { redirectTo: ROUTES.HOME });
              }}
              className="btn-primary mt-6"
            >
              <Icon name="log-in" className="size-5" />
              Sign In
            </a>
          </div>
        ) : (
          <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-5">
            <FormField label="New Password" error={passwordError} hint={PASSWORD_HINT}>
              {(c) => <PasswordInput {...c} {...register('password')} autoComplete="new-password" />}
            </FormField>
            <FormField label="Re-enter Password" error={confirmError}>
              {(c) => <PasswordInput {...c} {...register('confirmPassword')} autoComplete="new-password" />}
            </FormField>
            <button type="submit" disabled={isSubmitting} className="btn-primary w-full disabled:opacity-70">
              {isSubmitting ? <Icon name="loader-circle" className="size-5 animate-spin" /> : null}
              Save password
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
