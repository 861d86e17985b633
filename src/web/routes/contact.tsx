import { data, useActionData, useLoaderData } from 'react-router';
import { joinPhone } from '../../domain/auth/schemas.ts';
import { fieldErrors } from '../../domain/contact/fields.ts';
import { CONTACT_MESSAGES } from '../../domain/contact/messages.ts';
import { contactEnquirySchema } from '../../domain/contact/schema.ts';
import { CONTACT_FIELDS, type ContactActionData, type ContactFormValues } from '../features/contact/contact-fields.ts';
import { appContext } from '../lib/app-context.ts';
import { formValues } from '../lib/form-values.ts';
import { Preloaded, preload } from '../lib/preloaded.tsx';
import { requestFacts } from '../lib/request-facts.ts';
import type { Route } from './+types/contact';

// The form's code stays out of the first-load JavaScript; the server still renders it, and it
// posts without JavaScript too (see lib/preloaded.tsx).
const page = preload(() => import('../features/contact/contact-page.tsx'));
if (import.meta.env.SSR) await page;

/**
 * The API's enquiry from the posted fields: the number typed beside the country picker joined to
 * the picker's dial code ('+1-4165550123', as sign-up sends it), unless it was typed with its own.
 */
function enquiryOf({ countryCode, phone, ...rest }: ContactFormValues) {
  const number = phone.trim();
  return { ...rest, phone: countryCode && number && !number.startsWith('+') ? joinPhone(countryCode, number) : number };
}

export async function loader({ context }: Route.LoaderArgs) {
  return { info: context.get(appContext).services.contact.contactInfo() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const values = formValues(await request.formData(), CONTACT_FIELDS);
  const parsed = contactEnquirySchema.safeParse(enquiryOf(values));
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
  return data<ContactActionData>({ ok: true, reference: result.value.reference, email: parsed.data.email });
}

export const meta: Route.MetaFunction = () => [
  { title: 'Contact us | SevaDocs' },
  {
    name: 'description',
    content:
      'Questions about an OCI card, Indian passport renewal, a visa or an order in progress? Call toll-free, chat on WhatsApp or send us a message: we reply within one business day.',
  },
];

export default function ContactRoute() {
  const { info } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <Preloaded module={page} render={({ ContactPage }) => <ContactPage info={info} result={result} />} />;
}
