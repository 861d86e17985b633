import type { ContactInfo } from '../../../domain/contact/schema.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { ContactDetails } from './contact-details.tsx';
import type { ContactActionData } from './contact-fields.ts';
import { ContactForm } from './contact-form.tsx';

/** /contact: the enquiry form beside the other ways to reach us. */
export function ContactPage({ info, result }: { info: ContactInfo; result: ContactActionData | undefined }) {
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="We are here to help"
        lead="Ask about a new application or an order you already have with us. A consular specialist — not a bot — reads every message."
      />
      <div className="bg-slate-50/60">
        <div className="page-x grid grid-cols-1 gap-8 py-12 desk:grid-cols-[1.6fr_1fr] desk:py-16">
          <ContactForm result={result} />
          <ContactDetails info={info} />
        </div>
      </div>
    </>
  );
}
