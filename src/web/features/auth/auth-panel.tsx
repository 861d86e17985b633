import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../../lib/root-data.ts';
import type { AuthDialogKind } from './open-auth-dialog.ts';
import { SignInForm } from './sign-in-form.tsx';
import { type PhoneCountry, SignUpForm } from './sign-up-form.tsx';

export const AUTH_TITLES: Record<AuthDialogKind, { title: string; lead: string; leadWithPackage: string }> = {
  signin: {
    title: 'Sign In',
    lead: 'Welcome back. Sign in to follow your applications and orders.',
    leadWithPackage: 'Sign in to continue with your application, or create an account if you are new to SevaDocs.',
  },
  signup: {
    title: 'Sign Up',
    lead: 'Create your account to apply, pay and follow every step online.',
    leadWithPackage: 'Create your account to continue with your application. You will confirm your e-mail next.',
  },
};

/** The captcha site key of the public config (empty when the captcha is off). */
export function useCaptchaSiteKey(): string {
  const root = useRouteLoaderData<RootData>('root');
  return root?.publicConfig.recaptchaSiteKey ?? '';
}

interface AuthFormProps {
  kind: AuthDialogKind;
  /** The control that switches to the other form ("Sign up" / "SignIn"). */
  switchControl: ReactNode;
  onSignedIn(message: string): Promise<void> | void;
  /** After a successful sign-up, with the address the e-mail went to. */
  onSignedUp(email: string): void;
  onLeave?: () => void;
  initialReferralCode?: string | undefined;
  /** The phone number's country to start from (the sign-up form's), where the chosen package says it. */
  phoneCountry?: PhoneCountry | undefined;
}

/**
 * Where a customer who chose a package from Canada (or as a Canadian) is likely reached: walk I's
 * Canadian couple was offered "US +1". Applying from a country says more than a citizenship.
 */
export function phoneCountryOf(
  choice: { choices: { applyingFrom?: string; citizenship?: string } } | null | undefined,
) {
  const country = choice?.choices.applyingFrom ?? choice?.choices.citizenship;
  return country === 'CA' ? ('CA' as const) : undefined;
}

/** The Sign In or Sign Up form, as the dialog and the /signin and /signup pages show it. */
export function AuthForm({
  kind,
  switchControl,
  onSignedIn,
  onSignedUp,
  onLeave,
  initialReferralCode,
  phoneCountry,
}: AuthFormProps) {
  const siteKey = useCaptchaSiteKey();
  return kind === 'signin' ? (
    <SignInForm onSignedIn={onSignedIn} signUpControl={switchControl} {...(onLeave ? { onLeave } : {})} />
  ) : (
    <SignUpForm
      captchaSiteKey={siteKey}
      onSignedUp={onSignedUp}
      signInControl={switchControl}
      initialReferralCode={initialReferralCode}
      phoneCountry={phoneCountry}
    />
  );
}

/** The side illustration of the desktop modal and the auth pages (only wider than 1080 px). */
/** What the side panel says of the brand the customer signs up with. */
export interface AuthBrandCopy {
  brand: string;
  claim: string;
  points: readonly string[];
}

const SEVADOCS_COPY: AuthBrandCopy = {
  brand: 'SevaDocs',
  claim: 'Consular paperwork, checked by specialists.',
  points: [
    'OCI, passport renewal, renunciation and visas',
    'Every fee shown up front',
    'Track each step and document online',
  ],
};

export function AuthIllustration({ copy = SEVADOCS_COPY }: { copy?: AuthBrandCopy }) {
  return (
    <div className="relative hidden flex-col justify-between overflow-hidden bg-brand-800 p-8 text-white min-[1081px]:flex">
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{copy.brand}</p>
        <p className="mt-3 text-2xl leading-snug font-bold">{copy.claim}</p>
        <ul className="mt-6 space-y-3 text-[0.95rem] text-brand-50">
          {copy.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </div>
      <img
        src="/illustrations/auth-side.svg"
        alt=""
        width={320}
        height={240}
        className="mt-8 w-full max-w-xs self-center"
      />
    </div>
  );
}
