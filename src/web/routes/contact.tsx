import { data, useActionData, useLoaderData } from 'react-router';
import { fieldErrors } from '../../domain/contact/fields.ts';
import { CONTACT_MESSAGES } from '../../domain/contact/messages.ts';
import { contactEnquirySchema } from '../../domain/contact/schema.ts';
import { PageHeader } from '../components/ui/page-header.tsx';
import { ContactDetails } from '../features/contact/contact-details.tsx';
import { CONTACT_FIELDS, type ContactActionData, ContactForm } from '../features/contact/contact-form.tsx';
import { appContext } from '../lib/app-context.ts';
import { formValues } from '../lib/form-values.ts';
import { requestFacts } from '../lib/request-facts.ts';
import type { Route } from './+types/contact';

export async function loader({ context }: Route.LoaderArgs) {
  return { info: context.get(appContext).services.contact.contactInfo() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const values = formValues(await request.formData(), CONTACT_FIELDS);
  const parsed = contactEnquirySchema.safeParse(values);
  if (!parsed.success) {
    return data<ContactActionData>(
      { ok: false, message: CONTACT_MESSAGES.fixErrors, errors: fieldErrors(parsed.error), values },
      { status: 400 },
    );
  }
  const { ip, userId } = requestFacts(app);
  const result = await app.services.contact.submit(parsed.data, { ip, userId });
  if (!result.ok) {
    return data<ContactActionData>(
      { ok: false, message: result.message, errors: result.errors ?? {}, values },
      { status: result.status },
    );
  }
  return data<ContactActionData>({ ok: true, id: result.value.id });
}

export const meta: Route.MetaFunction = () => [
  { title: 'Contact us | SevaDocs' },
  {
    name: 'description',
    content:
      'Questions about an OCI card, Indian passport renewal, a visa or an order in progress? Call toll-free, chat on WhatsApp or send us a message: we reply within one business day.',
  },
];

export default function ContactPage() {
  const { info } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
