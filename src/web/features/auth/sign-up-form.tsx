import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { AUTH_MESSAGES, PASSWORD_HINT } from '../../../domain/auth/messages.ts';
import {
  joinPhone,
  missingPasswordParts,
  passwordStrengthMessage,
  referralCheckSchema,
  type SignUpFormInput,
  signUpFormSchema,
} from '../../../domain/auth/schemas.ts';
import { platformForPath } from '../../../domain/config/platform.ts';
import { GUIDELINE_TABS, guidelineHref } from '../../../domain/config/routes.ts';
import { TOAST_SIGNUP_SUCCESS_MS } from '../../../domain/limits/constants.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { EMAIL_INPUT } from '../../components/ui/input-presets.ts';
import { FieldError, FormField } from '../../components/ui/labelled-control.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { PhoneWithCountryCode } from '../../components/ui/phone-with-country-code.tsx';
import { ApiError, errorMessage, serverMessageOr } from '../../lib/api-client.ts';
import { showToast, toastError } from '../../lib/toast.ts';
import { useCountries } from '../../lib/use-countries.ts';
import { signUp, validateReferral } from './api.ts';
import { isHuman } from './captcha.ts';
import { useReturnHere } from './return-here.ts';

/** The countries a sign-up's phone starts from: the storefront's own, which share the +1 the form starts with. */
export type PhoneCountry = 'US' | 'CA';

interface SignUpFormProps {
  /** reCAPTCHA v3 site key; empty when the captcha is off. */
  captchaSiteKey: string;
  /** Called with the address after a successful registration (its message is already toasted). */
  onSignedUp(email: string): void;
  /** The "SignIn" control of "Already a user? SignIn". */
  signInControl: ReactNode;
  /** A referral code handed in by a referral link (?ref=CODE). */
  initialReferralCode?: string | undefined;
  /** The phone's country to start from (+1 either way); the USA without one. */
  phoneCountry?: PhoneCountry | undefined;
}

type Referral =
  | { state: 'closed' }
  | { state: 'editing'; code: string; error?: string | undefined; checking?: boolean }
  | { state: 'applied'; code: string };

const SIGN_UP_FIELDS = ['name', 'email', 'phone', 'password', 'countryCode', 'confirmPassword'] as const;

/**
 * SPEC.md §2 Sign Up form. On submit the human check runs first ('Registration failed, you must
 * be a bot'), then the form is validated with the shared rules, then the account is registered
 * with the x-platform header of the page (DESIGN.md §1).
 */
export function SignUpForm({
  captchaSiteKey,
  onSignedUp,
  signInControl,
  initialReferralCode,
  phoneCountry = 'US',
}: SignUpFormProps) {
  const { pathname } = useLocation();
  const returnHere = useReturnHere();
  const countries = useCountries();
  const [countryIso, setCountryIso] = useState<string>(phoneCountry);
  const [busy, setBusy] = useState(false);
  const [referral, setReferral] = useState<Referral>(
    initialReferralCode ? { state: 'editing', code: initialReferralCode } : { state: 'closed' },
  );
  const referralInputId = useId();
  const referralPanelId = useId();
  const referralInput = useRef<HTMLInputElement>(null);

  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitted },
  } = useForm<SignUpFormInput>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      name: '',
      email: '',
      countryCode: '+1',
      phone: '',
      password: '',
      confirmPassword: '',
      consent: false as unknown as true,
      referredBy: '',
    },
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });

  const password = watch('password');
  const confirmPassword = watch('confirmPassword');
  const consent = watch('consent') as boolean;

  // SPEC.md §5: the strength lines and 'Passwords do not match' show live, as the user types.
  const missing = password ? missingPasswordParts(password) : [];
  const passwordError = missing.length > 0 ? passwordStrengthMessage(missing) : errors.password?.message;
  const confirmError =
    confirmPassword && confirmPassword !== password
      ? AUTH_MESSAGES.passwordsDoNotMatch
      : errors.confirmPassword?.message;

  // A referral link's code is checked straight away.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the code the page was opened with.
  useEffect(() => {
    if (initialReferralCode) void applyReferral(initialReferralCode);
  }, []);

  async function applyReferral(code: string) {
    const parsed = referralCheckSchema.safeParse({ referralCode: code });
    if (!parsed.success) {
      setReferral({ state: 'editing', code, error: parsed.error.issues[0]?.message ?? AUTH_MESSAGES.referralEmpty });
      referralInput.current?.focus();
      return;
    }
    setReferral({ state: 'editing', code, checking: true });
    try {
      await validateReferral(parsed.data.referralCode);
      setReferral({ state: 'applied', code: parsed.data.referralCode });
    } catch (error) {
      // An unknown code says so; other failures are only logged (SPEC.md §8).
      const message = error instanceof ApiError && error.status === 404 ? errorMessage(error, '') : undefined;
      setReferral({ state: 'editing', code, error: message || undefined });
    }
  }

  const registerAccount = handleSubmit(async (values) => {
    try {
      const envelope = await signUp(
        {
          name: values.name,
          email: values.email,
          phone: joinPhone(values.countryCode, values.phone),
          phoneCountry: countryIso,
          password: values.password,
          referredBy: referral.state === 'applied' ? referral.code : '',
          returnTo: await returnHere(),
        },
        platformForPath(pathname),
      );
      showToast(envelope.message, { duration: TOAST_SIGNUP_SUCCESS_MS });
      onSignedUp(values.email);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fieldErrors)) {
          const field = name === 'phone' ? 'phone' : name;
          if ((SIGN_UP_FIELDS as readonly string[]).includes(field))
            setError(field as FieldPath<SignUpFormInput>, { message });
        }
      }
      toastError(serverMessageOr(error, AUTH_MESSAGES.signupFailure));
    }
  });

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      let human: boolean;
      try {
        human = await isHuman(captchaSiteKey);
      } catch (error) {
        toastError(serverMessageOr(error, AUTH_MESSAGES.signupFailure));
        return;
      }
      if (!human) {
        toastError(AUTH_MESSAGES.signupBot);
        return;
      }
      await registerAccount();
    } finally {
      setBusy(false);
    }
  }

  const phoneError = errors.countryCode?.message ?? errors.phone?.message;

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign Up">
      <FormField label="Full Name" error={errors.name?.message}>
        {(c) => (
          <input
            {...c}
            {...register('name')}
            type="text"
            autoComplete="name"
            placeholder="As on your passport"
            className="field-input"
          />
        )}
      </FormField>

      <FormField label="Email" error={errors.email?.message}>
        {(c) => (
          <input {...c} {...register('email')} {...EMAIL_INPUT} placeholder="you@example.com" className="field-input" />
        )}
      </FormField>

      <FormField label="Phone" error={phoneError}>
        {(c) => (
          <PhoneWithCountryCode
            field={c}
            control={control}
            phone={register('phone')}
            countries={countries}
            isoCode={countryIso}
            onIsoCodeChange={setCountryIso}
            codeInvalid={Boolean(errors.countryCode)}
            placeholder="Phone number"
          />
        )}
      </FormField>

      <FormField label="Set Password" error={passwordError} hint={PASSWORD_HINT}>
        {(c) => (
          <PasswordInput {...c} {...register('password')} autoComplete="new-password" placeholder="Create a password" />
        )}
      </FormField>

      <FormField label="Re-enter Password" error={confirmError}>
        {(c) => (
          <PasswordInput
            {...c}
            {...register('confirmPassword')}
            autoComplete="new-password"
            placeholder="Type it again"
          />
        )}
      </FormField>

      <div className="rounded-xl border border-slate-200 bg-slate-50/70 p-3">
        {referral.state === 'applied' ? (
          <div className="flex flex-wrap items-center gap-3 text-sm" role="status">
            <span className="text-slate-700">Referral code</span>
            <span className="font-mono font-semibold text-slate-900">{referral.code}</span>
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 font-semibold text-green-800">
              <Icon name="check" className="size-3.5" />
              Applied
            </span>
            <button
              type="button"
              onClick={() => {
                setReferral({ state: 'editing', code: '' });
                requestAnimationFrame(() => referralInput.current?.focus());
              }}
              className="ml-auto font-semibold text-red-700 hover:underline"
            >
              Cancel Code
            </button>
          </div>
        ) : (
          <>
            <button
              type="button"
              aria-expanded={referral.state === 'editing'}
              aria-controls={referralPanelId}
              onClick={() => {
                if (referral.state === 'editing') return setReferral({ state: 'closed' });
                setReferral({ state: 'editing', code: '' });
                requestAnimationFrame(() => referralInput.current?.focus());
              }}
              className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline"
            >
              <Icon name={referral.state === 'editing' ? 'minus' : 'plus'} className="size-4" />I have a referral code
            </button>
            <div id={referralPanelId} hidden={referral.state !== 'editing'} className="mt-3">
              {referral.state === 'editing' ? (
                <>
                  <label htmlFor={referralInputId} className="sr-only">
                    Referral code
                  </label>
                  <div className="mt-1.5 flex gap-2">
                    <input
                      ref={referralInput}
                      id={referralInputId}
                      value={referral.code}
                      onChange={(event) => setReferral({ state: 'editing', code: event.target.value })}
                      onKeyDown={(event) => {
                        if (event.key !== 'Enter') return;
                        event.preventDefault();
                        void applyReferral(referral.code);
                      }}
                      aria-invalid={Boolean(referral.error)}
                      aria-describedby={referral.error ? `${referralInputId}-error` : undefined}
                      autoComplete="off"
                      autoCapitalize="characters"
                      placeholder="Referral code"
                      className="field-input mt-0 min-w-0 flex-1 py-2"
                    />
                    <button
                      type="button"
                      onClick={() => applyReferral(referral.code)}
                      disabled={referral.checking}
                      className="btn-outline px-4 py-2 text-sm"
                    >
                      Apply
                    </button>
                    <button
                      type="button"
                      onClick={() => setReferral({ state: 'closed' })}
                      className="rounded-xl px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
                    >
                      Cancel
                    </button>
                  </div>
                  {referral.error ? <FieldError id={`${referralInputId}-error`} message={referral.error} /> : null}
                </>
              ) : null}
            </div>
          </>
        )}
      </div>

      <div>
        <div className="flex items-start gap-3">
          <input
            id="signup-consent"
            type="checkbox"
            {...register('consent')}
            aria-invalid={Boolean(errors.consent)}
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
          />
          <label htmlFor="signup-consent" className="text-sm leading-relaxed text-slate-700">
            I agree to the{' '}
            <a
              href={guidelineHref(GUIDELINE_TABS.privacy)}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              Privacy Policy
            </a>{' '}
            and{' '}
            <a
              href={guidelineHref(GUIDELINE_TABS.terms)}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              Terms of Use
            </a>
            , and to be contacted about my application.
          </label>
        </div>
        {isSubmitted && errors.consent ? <FieldError message={errors.consent.message ?? ''} /> : null}
      </div>

      <button
        type="submit"
        disabled={!consent || busy}
        className="btn-primary w-full disabled:cursor-not-allowed disabled:opacity-60 disabled:shadow-none"
      >
        {busy ? <Icon name="loader-circle" className="size-5 animate-spin" /> : null}
        Apply Now
      </button>

      <p className="text-center text-sm text-slate-700">Already a user? {signInControl}</p>
    </form>
  );
}
