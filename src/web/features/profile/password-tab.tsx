import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AUTH_MESSAGES, PASSWORD_HINT } from '../../../domain/auth/messages.ts';
import { missingPasswordParts, passwordStrengthMessage } from '../../../domain/auth/schemas.ts';
import { USER_MESSAGES } from '../../../domain/users/messages.ts';
import { checkPasswordSchema, updatePasswordFormSchema } from '../../../domain/users/profile.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { FormField } from '../../components/ui/labelled-control.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { checkPassword, updatePassword } from '../../lib/account-api.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { showToast, toastError } from '../../lib/toast.ts';
import { TabPanel } from './tab-panel.tsx';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The Password tab: the current password is checked first (POST /users/check-password), then
 * the new one, typed twice under the sign-up strength rule, is saved (POST /users/update-password).
 * Every other session of the account ends; this one stays.
 */
export function PasswordTab({ email }: { email: string }) {
  const [verified, setVerified] = useState(false);
  const [checking, setChecking] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    getValues,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForm>({
    resolver: zodResolver(updatePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const newPassword = watch('newPassword');
  const confirm = watch('confirmPassword');
  const missing = newPassword ? missingPasswordParts(newPassword) : [];
  const newError = missing.length > 0 ? passwordStrengthMessage(missing) : errors.newPassword?.message;
  const confirmError =
    confirm && confirm !== newPassword ? AUTH_MESSAGES.passwordsDoNotMatch : errors.confirmPassword?.message;

  async function verify() {
    const parsed = checkPasswordSchema.safeParse({ password: getValues('currentPassword') });
    if (!parsed.success) {
      setError('currentPassword', {
        message: parsed.error.issues[0]?.message ?? USER_MESSAGES.currentPasswordRequired,
      });
      setFocus('currentPassword');
      return;
    }
    setChecking(true);
    try {
      await checkPassword(parsed.data.password);
      clearErrors('currentPassword');
      setVerified(true);
      requestAnimationFrame(() => setFocus('newPassword'));
    } catch (error) {
      const message = errorMessage(error, 'Your password could not be checked. Please try again.');
      if (error instanceof ApiError && error.status === 400) setError('currentPassword', { message });
      else toastError(message);
    } finally {
      setChecking(false);
    }
  }

  const save = handleSubmit(async (values) => {
    try {
      const { message } = await updatePassword(values.currentPassword, values.newPassword);
      showToast(message);
      reset();
      setVerified(false);
    } catch (error) {
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        if (fields.newPassword) setError('newPassword', { message: fields.newPassword });
        if (fields.currentPassword) {
          setError('currentPassword', { message: fields.currentPassword });
          setVerified(false);
        }
      }
      toastError(errorMessage(error, 'Your password could not be changed. Please try again.'));
    }
  });

  return (
    <TabPanel
      title="Password"
      lead="Confirm your current password, then choose a new one. You stay signed in here; other devices are signed out."
    >
      <form
        method="post"
        noValidate
        onSubmit={(event) => {
          if (verified) return void save(event);
          event.preventDefault();
          void verify();
        }}
        className="grid max-w-xl gap-5"
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormField
          label="Current Password"
          error={errors.currentPassword?.message}
          labelAside={
            verified ? (
              <span role="status" className="inline-flex items-center gap-1 text-sm font-semibold text-green-700">
                <Icon name="circle-check" className="size-4" />
                {USER_MESSAGES.currentPasswordCorrect}
              </span>
            ) : null
          }
        >
          {(c) => (
            <PasswordInput
              {...c}
              {...register('currentPassword')}
              autoComplete="current-password"
              readOnly={verified}
            />
          )}
        </FormField>

        {verified ? (
          <>
            <FormField label="New Password" error={newError} hint={PASSWORD_HINT}>
              {(c) => <PasswordInput {...c} {...register('newPassword')} autoComplete="new-password" />}
            </FormField>
            <FormField label="Re-enter Password" error={confirmError}>
              {(c) => <PasswordInput {...c} {...register('confirmPassword')} autoComplete="new-password" />}
            </FormField>
          </>
        ) : null}

        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={checking || isSubmitting}
            className="btn-primary px-6 py-3 disabled:opacity-60"
          >
            {checking || isSubmitting ? <Icon name="loader-circle" className="size-5 animate-spin" /> : null}
            {verified ? 'Update password' : 'Continue'}
          </button>
          {verified ? (
            <button
              type="button"
              onClick={() => {
                reset();
                setVerified(false);
              }}
              className="btn-outline px-5 py-3"
            >
              Cancel
            </button>
          ) : null}
        </div>
      </form>
    </TabPanel>
  );
}
