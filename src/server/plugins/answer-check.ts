import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../domain/api/envelope.ts';
import { failEnvelopeSchema } from '../http/error-responses.ts';

/** Where a test server writes the answers the document does not declare; the e2e teardown reads it. */
export const UNDOCUMENTED_ANSWERS_FILE = 'undocumented-answers.log';

/**
 * The tests' check of every API answer against the API document (issue 33 §2, decision
 * 0112-api-contract), registered only on a test suite's server (`env.testHarness`, refused in a
 * production deployment): a shop's server never runs it. An answer whose status the operation
 * does not declare, or a derived refusal whose body is not the failure envelope with that
 * status, is replaced by a 500 naming the mismatch (so an API test fails at
 * the call that caused it) and written to stderr and to DATA_DIR/undocumented-answers.log (so
 * the e2e suite, whose server runs apart, fails at teardown). Success bodies need no check here:
 * the route's response schema already serialises them (fastify-type-provider-zod).
 *
 * Registered before @fastify/compress, so it reads the answer before it is compressed.
 */
export function registerAnswerCheck(app: FastifyInstance): void {
  const log = join(app.env.dataDir, UNDOCUMENTED_ANSWERS_FILE);
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    const contract = route ? app.apiOperations.contractOf(request.method, route) : null;
    if (!contract) return payload;
    const status = reply.statusCode;
    let problem: string | null = null;
    if (!contract.statuses.includes(status)) {
      problem = `answered ${status}; the document declares ${contract.statuses.join(', ')}`;
    } else if (status >= 400 && contract.derived.includes(status) && typeof payload === 'string') {
      const body = failEnvelopeSchema.safeParse(parseJson(payload));
      if (!body.success || body.data.statusCode !== status) {
        problem = `answered ${status} with a body that is not the failure envelope: ${payload.slice(0, 200)}`;
      }
    }
    if (problem === null) return payload;
    const line = `${request.method} ${route} (${contract.operationId}) ${problem}`;
    console.error(`Undocumented API answer: ${line}`);
    mkdirSync(app.env.dataDir, { recursive: true });
    appendFileSync(log, `${line}\n`);
    reply.status(500).type('application/json; charset=utf-8');
    return JSON.stringify(fail(500, `Undocumented API answer (the tests' check of the API document): ${line}`));
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
