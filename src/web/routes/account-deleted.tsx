import { Link } from 'react-router';
import { ROUTES } from '../../domain/config/routes.ts';
import { DATA_RIGHTS_MESSAGES } from '../../domain/data-rights/schemas.ts';
import { Icon } from '../components/ui/icon.tsx';
import type { Route } from './+types/account-deleted';

/**
 * Where an erased customer lands (decision 0159): loaded afresh, so the header, the caches and the
 * profile they were on no longer show the erased account's name, e-mail or avatar.
 */
export const meta: Route.MetaFunction = () => [
  { title: 'Account deleted | SevaDocs' },
  { name: 'robots', content: 'noindex' },
];

export const ACCOUNT_DELETED_TEXT = {
  title: 'Your account is deleted',
  payments:
    'The record of your payments (amounts, dates and references) stays, without your name or e-mail, as tax and payment law requires.',
  home: 'Go to the home page',
} as const;

export default function AccountDeleted() {
  return (
    <div className="page-x py-12 desk:py-20">
      <div className="card mx-auto max-w-xl p-8 text-center">
        <span className="icon-tile mx-auto size-14 bg-green-100 text-green-700">
          <Icon name="circle-check" className="size-8" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900">{ACCOUNT_DELETED_TEXT.title}</h1>
        <p className="mt-3 text-slate-700">{DATA_RIGHTS_MESSAGES.erased}</p>
        <p className="mt-2 text-sm text-slate-600">{ACCOUNT_DELETED_TEXT.payments}</p>
        <Link to={ROUTES.HOME} className="btn-primary mt-6 inline-flex">
          {ACCOUNT_DELETED_TEXT.home}
        </Link>
      </div>
    </div>
  );
}
