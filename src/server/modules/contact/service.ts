import { ENQUIRY_REFERENCE } from '../../../domain/api/reference.ts';
import { AUTH_MESSAGES } from '../../../domain/auth/messages.ts';
import { whatsappHref } from '../../../domain/config/navigation.ts';
import { SOCIAL_LINKS } from '../../../domain/config/site.ts';
import { CONTACT_MESSAGES } from '../../../domain/contact/messages.ts';
import { CONTACT_RATE_LIMIT, contactTopicLabel, enquiryTypeLabel } from '../../../domain/contact/options.ts';
import { type FormResult, formFailure, tooManyRequests } from '../../../domain/contact/result.ts';
import type { ContactEnquiryInput, ContactEnquiryReceipt, ContactInfo } from '../../../domain/contact/schema.ts';
import { phoneCountryFits, resolvePhoneCountry } from '../../../domain/phone/phone-country.ts';
import type { Database } from '../../db/client.ts';
import { newReference as drawReference, withNewReference } from '../../lib/reference.ts';
import type { MailOutbox } from '../../mail/outbox.ts';
import { simpleMail } from '../../mail/simple-template.ts';
import { type ContactInboxDeps, createContactInbox } from './inbox.ts';
import { createContactRepository } from './repository.ts';

export interface ContactServiceDeps {
  /** Queues e-mail in the enquiry's transaction. */
  mail: Pick<MailOutbox, 'enqueue'>;
  /** The back office's inbox records every reply and handled mark (decision 0069). */
  audit?: ContactInboxDeps['audit'];
  contact: { companyName: string; tollFreeNumber: string; supportEmail: string; whatsappNumber: string };
  now?: () => Date;
  /** Draws an enquiry reference (tests pass their own to make two clash). */
  newReference?: () => string;
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

/** The enquiry's row, but for its reference. */
function enquiryValues(input: ContactEnquiryInput, from: Submitter) {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    phoneCountry: resolvePhoneCountry(input.phone, input.phoneCountry),
    enquiryType: input.enquiryType,
    topic: input.topic,
    message: input.message,
    userId: from.userId ?? null,
    ip: from.ip ?? null,
  };
}

export function createContactService(db: Database, deps: ContactServiceDeps) {
  const repository = createContactRepository(db);
  const now = deps.now ?? (() => new Date());
  const newReference = deps.newReference ?? (() => drawReference(ENQUIRY_REFERENCE));

  /**
   * Support's notice with every detail, and the customer's acknowledgement quoting the reference.
   * The acknowledgement goes to whatever address was typed, so it carries none of the typed text
   * (name, message): the form cannot be used to send someone else words of a stranger's choosing.
   */
  async function queueMails(tx: Database, receipt: ContactEnquiryReceipt, input: ContactEnquiryInput) {
    const { reference } = receipt;
    const topic = contactTopicLabel(input.topic);
    const enquiryType = enquiryTypeLabel(input.enquiryType);
    const support = simpleMail({
      to: deps.contact.supportEmail,
      subject: `Contact enquiry ${reference}: ${topic} (${enquiryType})`,
      heading: `New contact enquiry ${reference}`,
      intro: [`${input.name} sent a message through the contact form. Reply to them at ${input.email}.`],
      details: [
        ['Reference', reference],
        ['Name', input.name],
        ['E-mail', input.email],
        ['Phone', input.phone],
        ['Enquiry type', enquiryType],
        ['Topic', topic],
        ['Message', input.message],
        ['Received', receipt.createdAt.toISOString()],
      ],
      outro: ['Please answer within one business day, as the contact page promises.'],
      signature: `${deps.contact.companyName} website`,
      // Support's Reply answers the sender, not the no-reply address the notice comes from.
      replyTo: input.email,
    });
    const customer = simpleMail({
      to: input.email,
      subject: `We have your message: ${deps.contact.companyName} enquiry ${reference}`,
      heading: 'We have received your message',
      intro: [
        `Thank you for contacting ${deps.contact.companyName}. Your message is logged under reference ${reference}. Please quote it if you call or write to us about this message.`,
      ],
      details: [
        ['Reference', reference],
        ['Topic', topic],
        ['Enquiry type', enquiryType],
      ],
      outro: [
        'A consular specialist reads every message and replies within one business day.',
        `Need an answer sooner? Call us toll-free on ${deps.contact.tollFreeNumber} or write to ${deps.contact.supportEmail}.`,
        'If you did not send this message, you can ignore this e-mail.',
      ],
      signature: `The ${deps.contact.companyName} support team`,
      replyTo: deps.contact.supportEmail,
    });
    await deps.mail.enqueue(tx, {
      ...support,
      purpose: 'contact-enquiry',
      key: `contact-enquiry:${reference}:support`,
    });
    await deps.mail.enqueue(tx, {
      ...customer,
      purpose: 'contact-acknowledgement',
      key: `contact-enquiry:${reference}:customer`,
    });
  }

  const inbox = createContactInbox(db, {
    mail: deps.mail,
    ...(deps.audit ? { audit: deps.audit } : {}),
    contact: deps.contact,
    now,
  });

  return {
    ...inbox,
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
     * Stores an enquiry under a new reference and queues its e-mails, to support and the
     * customer's acknowledgement, in one transaction: all are kept, or none, and an SMTP outage
     * only delays them. A filled honeypot, a phone country the number cannot be from or too many
     * enquiries from one address are refused before anything is stored.
     */
    async submit(input: ContactEnquiryInput, from: Submitter = {}): Promise<FormResult<ContactEnquiryReceipt>> {
      if (input.website) return formFailure(400, CONTACT_MESSAGES.honeypot);
      if (input.phoneCountry && !phoneCountryFits(input.phone, input.phoneCountry)) {
        return formFailure(400, AUTH_MESSAGES.invalidCountryCode, { phoneCountry: AUTH_MESSAGES.invalidCountryCode });
      }
      if (from.ip) {
        const since = new Date(now().getTime() - CONTACT_RATE_LIMIT.windowMs);
        const sent = await repository.countFromIpSince(from.ip, since);
        if (sent.count >= CONTACT_RATE_LIMIT.max) {
          // One more may be sent once the first of the window's leaves it.
          const wait = (sent.first?.getTime() ?? now().getTime()) + CONTACT_RATE_LIMIT.windowMs - now().getTime();
          return tooManyRequests(CONTACT_MESSAGES.rateLimited, wait);
        }
      }
      const stored = await withNewReference(
        db,
        'contact_enquiries_reference_unique',
        newReference,
        async (tx, reference) => {
          const { createdAt } = await createContactRepository(tx).insert({
            ...enquiryValues(input, from),
            reference,
          });
          await queueMails(tx, { reference, createdAt }, input);
          return { reference, createdAt };
        },
      );
      return { ok: true, value: stored };
    },

    /** The enquiries the customer sent signed in, with our replies: their data export (issue 34 §3). */
    async ofAccount(userId: number) {
      const enquiries = await repository.ofUser(userId);
      return Promise.all(
        enquiries.map(async (e) => ({
          reference: e.reference,
          sentAt: e.createdAt.toISOString(),
          name: e.name,
          email: e.email,
          phone: e.phone,
          enquiryType: enquiryTypeLabel(e.enquiryType),
          topic: contactTopicLabel(e.topic),
          message: e.message,
          replies: (await repository.listReplies(e.id)).map((r) => ({
            sentAt: r.createdAt.toISOString(),
            body: r.body,
          })),
        })),
      );
    },

    /**
     * The housekeeping's prune (decision 0168): an enquiry is kept a year after staff handled it, two
     * after it was sent if nobody did. Most come from people without an account, whom no erasure reaches.
     */
    pruneOld(handledBefore: Date, sentBefore: Date): Promise<number> {
      return repository.deleteOld(handledBefore, sentBefore);
    },

    /**
     * An erased account's enquiries go, with our replies: those sent signed in and any sent from its
     * e-mail address (issue 34 §3). Answers how many.
     */
    eraseOf(tx: Database, userId: number, email: string): Promise<number> {
      return createContactRepository(tx).deleteOf(userId, email);
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
