import { Link } from 'react-router';
import type { ReferralReward } from '../../../domain/checkout/referral-reward-api.ts';
import { ROUTES } from '../../../domain/config/routes.ts';
import { referralTerms } from '../../../domain/content/referral.ts';
import type { ReferEarn } from '../../../domain/content/schemas.ts';
import { Icon } from '../../components/ui/icon.tsx';
import type { IconName } from '../../components/ui/icon-names.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ReferralLinkCard } from './referral-link-card.tsx';
import { RewardsList } from './rewards-list.tsx';

const STEP_ICONS: IconName[] = ['share-2', 'user-plus', 'gift'];

const dollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;

/**
 * SPEC.md §2 referral page: title, description, three steps, the terms, and the user's link and
 * rewards when signed in.
 */
export function ReferralPage({
  referEarn,
  signedIn,
  rewards,
}: {
  referEarn: ReferEarn;
  signedIn: boolean;
  /** The signed-in referrer's gift cards; null for a visitor. */
  rewards: readonly ReferralReward[] | null;
}) {
  const { content, referral } = referEarn;
  return (
    <>
      <PageHeader eyebrow="Refer and earn" title={content.title} lead={content.description}>
        <dl className="mt-8 grid max-w-xl grid-cols-2 gap-4">
          <div className="flex flex-col-reverse rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <dt className="mt-1 text-sm text-slate-700">off our processing fees for your friend</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-brand-700">
              {dollars(referEarn.friendDiscountCents)}
            </dd>
          </div>
          <div className="flex flex-col-reverse rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <dt className="mt-1 text-sm text-slate-700">gift card for you, per completed application</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-saffron-600">
              {dollars(referEarn.giftCardCents)}
            </dd>
          </div>
        </dl>
      </PageHeader>
      <div className="bg-slate-50/60">
        <div className="page-x grid grid-cols-1 gap-10 py-12 desk:grid-cols-[1.25fr_1fr] desk:py-16">
          <div className="grid content-start gap-10">
            {rewards ? <RewardsList rewards={rewards} /> : null}
            <section aria-labelledby="how-title">
              <h2 id="how-title" className="text-2xl font-bold text-slate-900">
                How it works
              </h2>
              <ol className="mt-6 grid gap-5 md:grid-cols-3 desk:grid-cols-1">
                {content.howItsWorksData.map((step, i) => (
                  <li key={step} className="card flex gap-4">
                    <span className="icon-tile shrink-0 bg-brand-600 text-white">
                      <Icon name={STEP_ICONS[i] ?? 'check'} className="size-6" />
                    </span>
                    <div>
                      <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">Step {i + 1}</p>
                      <p className="mt-1 text-slate-800">{step}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </section>
            <section aria-labelledby="terms-title" className="card">
              <h2 id="terms-title" className="text-xl font-bold text-slate-900">
                Programme terms
              </h2>
              <ul className="mt-4 grid gap-3 text-[0.95rem] text-slate-700">
                {referralTerms(referEarn.friendDiscountCents, referEarn.giftCardCents).map((term) => (
                  <li key={term} className="flex gap-3">
                    <Icon name="check" className="mt-0.5 size-5 text-green-700" />
                    {term}
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-sm text-slate-600">
                The full rules are in our{' '}
                <Link
                  to="/guideline?active=Terms+of+Use"
                  className="font-semibold text-brand-700 underline underline-offset-4"
                >
                  Terms of Use
                </Link>
                .
              </p>
            </section>
          </div>
          <div className="desk:sticky desk:top-28 desk:self-start">
            {referral ? (
              <ReferralLinkCard code={referral.code} link={referral.link} />
            ) : (
              <section aria-labelledby="get-link" className="card p-6 sm:p-8">
                <span className="icon-tile bg-saffron-400/20 text-saffron-600">
                  <Icon name="gift" className="size-6" />
                </span>
                <h2 id="get-link" className="mt-4 text-2xl font-bold text-slate-900">
                  Get your referral link
                </h2>
                <p className="mt-2 text-slate-700">
                  {signedIn
                    ? 'We could not load your referral link just now. Please refresh the page.'
                    : 'Every SevaDocs account has its own link and code. Sign in to see yours, or create a free account in a minute.'}
                </p>
                {signedIn ? null : (
                  <div className="mt-6 flex flex-wrap gap-3">
                    <a
                      href={`${ROUTES.SIGN_IN}?redirect=${encodeURIComponent(ROUTES.REFER_FRIEND)}`}
                      className="btn-primary"
                    >
                      <Icon name="log-in" className="size-5" /> Sign in
                    </a>
                    <a
                      href={`${ROUTES.SIGN_UP}?redirect=${encodeURIComponent(ROUTES.REFER_FRIEND)}`}
                      className="btn-outline"
                    >
                      Create an account
                    </a>
                  </div>
                )}
              </section>
            )}
          </div>
        </div>
      </div>
    </>
  );
}
