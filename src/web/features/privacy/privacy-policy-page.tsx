import type { TermPage } from '../../../domain/content/schemas.ts';
import { TermDocument } from '../../components/term-document.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';

/** SPEC.md §2 Privacy Policy: a header, then the numbered sections, with the one-month answer time up front. */
export function PrivacyPolicyPage({ term, supportEmail }: { term: TermPage; supportEmail: string }) {
  return (
    <>
      <PageHeader
        eyebrow="Legal"
        title="Privacy Policy"
        lead="What we collect, why we collect it, who we share it with, and the rights you have over your information."
      >
        <p className="mt-6 flex items-start gap-3 rounded-xl bg-white p-4 text-slate-800 shadow-sm ring-1 ring-slate-200">
          <Icon name="shield-check" className="mt-0.5 size-5 text-green-700" />
          <span>
            We never sell your personal data. Write to{' '}
            <a href={`mailto:${supportEmail}`} className="font-semibold text-brand-700 underline underline-offset-4">
              {supportEmail}
            </a>{' '}
            to access, correct or delete it: we answer every data-rights request within one month.
          </span>
        </p>
      </PageHeader>
      <div className="bg-slate-50/60">
        <div className="page-x py-12 desk:py-16">
          <TermDocument term={term} />
        </div>
      </div>
    </>
  );
}
