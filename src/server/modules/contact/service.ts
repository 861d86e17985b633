import { AUTH_MESSAGES } from '../../../domain/auth/messages.ts';
import { whatsappHref } from '../../../domain/config/navigation.ts';
import { SOCIAL_LINKS } from '../../../domain/config/site.ts';
import { CONTACT_MESSAGES } from '../../../domain/contact/messages.ts';
import { CONTACT_RATE_LIMIT, contactTopicLabel, enquiryTypeLabel } from '../../../domain/contact/options.ts';
import { type FormResult, formFailure } from '../../../domain/contact/result.ts';
import type { ContactEnquiryInput, ContactInfo } from '../../../domain/contact/schema.ts';
import { phoneCountryFits, resolvePhoneCountry } from '../../../domain/phone/phone-country.ts';
import type { Database } from '../../db/client.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import { createContactRepository } from './repository.ts';

export interface ContactServiceDeps {
  /** Queues e-mail in the enquiry's transaction. */
  mail: Pick<MailOutbox, 'enqueue'>;
  contact: { companyName: string; tollFreeNumber: string; supportEmail: string; whatsappNumber: string };
  now?: () => Date;
}

/** Who sent a form: the network address (for rate limits) and the signed-in user, if any. */
export interface Submitter {
  ip?: string | null;
  userId?: number | null;
}

export const SUPPORT_HOURS = [
  { days: 'Monday to Friday', time: '9:00 am – 8:00 pm Eastern' },
  { days: 'Saturday', time: '10:00 am – 4:00 pm Eastern' },
  { days: 'Sunday', time: 'WhatsApp and e-mail only' },
] as const;

export const MAILING_ADDRESS = 'SevaDocs, 1250 Oak Tree Road, Suite 204, Iselin, NJ 08830, USA';

export function createContactService(db: Database, deps: ContactServiceDeps) {
  const repository = createContactRepository(db);
  const now = deps.now ?? (() => new Date());

  return {
    /** GET /contact/contact-info: how to reach the company. */
    contactInfo(): ContactInfo {
      return {
        companyName: deps.contact.companyName,
        tollFreeNumber: deps.contact.tollFreeNumber,
        supportEmail: deps.contact.supportEmail,
        whatsappNumber: deps.contact.whatsappNumber,
        whatsappUrl: whatsappHref(deps.contact.whatsappNumber),
        hours: SUPPORT_HOURS.map((h) => ({ ...h })),
        responseTime: 'We answer e-mails and contact-form messages within one business day.',
        mailingAddress: MAILING_ADDRESS,
        socialLinks: SOCIAL_LINKS.map((l) => ({ ...l })),
      };
    },

    /**
     * Stores an enquiry and queues its e-mail to support in one transaction: both are kept, or
     * neither, and an SMTP outage only delays the e-mail. A filled honeypot or too many
     * enquiries from one address are refused before anything is stored.
     */
    async submit(
      input: ContactEnquiryInput,
      from: Submitter = {},
    ): Promise<FormResult<{ id: number; createdAt: Date }>> {
      if (input.website) return formFailure(400, CONTACT_MESSAGES.honeypot);
      if (input.phoneCountry && !phoneCountryFits(input.phone, input.phoneCountry)) {
        return formFailure(400, AUTH_MESSAGES.invalidCountryCode, { phoneCountry: AUTH_MESSAGES.invalidCountryCode });
      }
      if (from.ip) {
        const since = new Date(now().getTime() - CONTACT_RATE_LIMIT.windowMs);
        if ((await repository.countFromIpSince(from.ip, since)) >= CONTACT_RATE_LIMIT.max) {
          return formFailure(429, CONTACT_MESSAGES.rateLimited);
        }
      }
      const stored = await db.transaction(async (tx) => {
        const enquiry = await createContactRepository(tx).insert({
          name: input.name,
          email: input.email,
          phone: input.phone,
          phoneCountry: resolvePhoneCountry(input.phone, input.phoneCountry),
          enquiryType: input.enquiryType,
          topic: input.topic,
          message: input.message,
          userId: from.userId ?? null,
          ip: from.ip ?? null,
        });
        const mail = simpleMail({
          to: deps.contact.supportEmail,
          subject: `Contact enquiry #${enquiry.id}: ${contactTopicLabel(input.topic)} (${enquiryTypeLabel(input.enquiryType)})`,
          heading: `New contact enquiry #${enquiry.id}`,
          intro: [`${input.name} sent a message through the contact form. Reply to them at ${input.email}.`],
          details: [
            ['Name', input.name],
            ['E-mail', input.email],
            ['Phone', input.phone],
            ['Enquiry type', enquiryTypeLabel(input.enquiryType)],
            ['Topic', contactTopicLabel(input.topic)],
            ['Message', input.message],
            ['Received', enquiry.createdAt.toISOString()],
          ],
          outro: ['Please answer within one business day, as the contact page promises.'],
          signature: `${deps.contact.companyName} website`,
        });
        await deps.mail.enqueue(tx, { ...mail, purpose: 'contact-enquiry', key: `contact-enquiry:${enquiry.id}` });
        return enquiry;
      });
      return { ok: true, value: stored };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
