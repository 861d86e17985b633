import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../domain/api/envelope.ts';
import { envelopeSchema } from '../../domain/api/pagination.ts';
import { refusals } from '../http/error-responses.ts';

const storedMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().nullable(),
  /** The brand it was sent as, when not MAIL_FROM's name. */
  fromName: z.string().nullable(),
  links: z.array(z.string()),
  createdAt: z.date(),
});

/** The dev mailbox as JSON, newest first. Registered only outside production. */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'E-mails kept by the dev mailbox (not in production)',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          to: z
            .string()
            .max(320)
            .optional()
            .meta({ description: 'Only the e-mails to this address (any case)', examples: ['asha.verma@example.com'] }),
        }),
        // 404 to anyone but this machine (the mailbox's access rule: it is not there for them).
        response: {
          200: envelopeSchema(z.object({ results: z.array(storedMail), totalCount: z.number() })),
          ...refusals(404),
        },
      },
    },
    async (request) => {
      const results = await app.mailer.outbox(request.query);
      return ok({ results, totalCount: results.length });
    },
  );
};
