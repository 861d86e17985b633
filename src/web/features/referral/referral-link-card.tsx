import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Icon } from '../../components/ui/icon.tsx';

function CopyRow({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="mt-1.5 flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="field-input mt-0 min-w-0 flex-1 bg-slate-50 font-mono text-[0.95rem]"
        />
        <CopyButton value={value} what={label.toLowerCase()} copiedNotice={`${label} copied`} />
      </div>
    </div>
  );
}

/** The signed-in customer's own referral link and code, each with a copy button. */
export function ReferralLinkCard({ code, link }: { code: string; link: string }) {
  const share = `I use SevaDocs for OCI, passport and visa paperwork. Sign up with my link and get $5 off: ${link}`;
  return (
    <section aria-labelledby="your-link" className="card grid gap-5 border-brand-200 p-6 ring-1 ring-brand-100 sm:p-8">
      <div>
        <h2 id="your-link" className="text-2xl font-bold text-slate-900">
          Your referral link
        </h2>
        <p className="mt-1 text-slate-600">Share it anywhere. Friends who sign up through it are linked to you.</p>
      </div>
      <CopyRow id="referral-link" label="Referral link" value={link} />
      <CopyRow id="referral-code" label="Referral code" value={code} />
      <div className="flex flex-wrap gap-3 pt-1">
        <a
          href={`https://wa.me/?${new URLSearchParams({ text: share })}`}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-outline px-4 py-2.5 text-[0.95rem]"
        >
          <Icon name="message-circle" className="size-4 text-green-700" /> Share on WhatsApp
        </a>
        <a
          href={`mailto:?${new URLSearchParams({ subject: '$5 off your OCI, passport or visa application', body: share }).toString().replaceAll('+', '%20')}`}
          className="btn-outline px-4 py-2.5 text-[0.95rem]"
        >
          <Icon name="mail" className="size-4 text-brand-600" /> Share by e-mail
        </a>
      </div>
    </section>
  );
}
