import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../domain/api/envelope.ts';
import { envelopeSchema } from '../../../domain/api/pagination.ts';
import { CONTACT_MESSAGES } from '../../../domain/contact/messages.ts';
import {
  contactEnquiryReceiptSchema,
  contactEnquirySchema,
  contactInfoSchema,
} from '../../../domain/contact/schema.ts';
import { failureOf } from '../../http/errors.ts';

/** Per network address, on top of the enquiry service's own longer window. */
export const CONTACT_ROUTE_RATE_LIMIT = { max: 5, timeWindow: '1 minute' } as const;

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/contact/contact-info',
    {
      schema: {
        tags: ['contact'],
        summary: 'How to reach us: toll-free number, e-mail, WhatsApp, hours and social links',
        response: { 200: envelopeSchema(contactInfoSchema) },
      },
    },
    async () => ok(app.services.contact.contactInfo()),
  );

  app.post(
    '/contact/user-info',
    {
      // A signed-in customer's enquiry is linked to their account.
      config: { rateLimit: CONTACT_ROUTE_RATE_LIMIT, sessionOptional: true },
      schema: {
        tags: ['contact'],
        summary: 'Send a contact enquiry; it is stored and e-mailed to support',
        body: contactEnquirySchema,
        response: { 201: envelopeSchema(contactEnquiryReceiptSchema) },
      },
    },
    async (request, reply) => {
      const result = await app.services.contact.submit(request.body, {
        ip: request.ip,
        userId: request.viewer?.id ?? null,
      });
      if (!result.ok) throw failureOf(result);
      return reply.status(201).send(ok(result.value, CONTACT_MESSAGES.received, 201));
    },
  );
};
