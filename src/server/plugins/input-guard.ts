import type { FastifyInstance } from 'fastify';
import { fail } from '../../domain/api/envelope.ts';
import { unstorableTextMessage } from '../../domain/api/text.ts';

type Refusal = { field: string; message: string };

/**
 * The dotted name of the first string in `value` (a key or a value, at any depth) that PostgreSQL
 * could not store, with the message refusing it; or null. A loop, not recursion: a body nested
 * deeper than the call stack is checked like any other.
 */
function unstorableField(value: unknown): Refusal | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      const message = unstorableTextMessage(current);
      if (message) return { field: path, message };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries = Object.entries(current);
    for (const [key] of entries) {
      const message = unstorableTextMessage(key);
      if (message) return { field: path, message };
    }
    // Onto the stack last first, so the fields are checked, and the first one named, in their order.
    for (const [key, inner] of entries.reverse()) pending.push([inner, path ? `${path}.${key}` : key]);
  }
  return null;
}

/**
 * Every API route (under /api/) refuses what PostgreSQL cannot store as text or JSON (a NUL
 * character, a lone UTF-16 surrogate) in any path parameter, query value or body string or key
 * with a 400 naming the field, whatever its schema says (docs/decisions/0036). The shared form
 * fields in src/domain refuse NUL too, for the pages' own form posts (which, decoded from UTF-8,
 * carry no lone surrogate). A payment provider's webhook body reaches it as raw text, its escapes
 * not yet read: the verified event is stored made storable instead (payments' receiveWebhook).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    // Pages read their own form bodies and check them with the shared fields.
    if (!request.url.startsWith('/api/')) return;
    const refusal = unstorableField(request.params) ?? unstorableField(request.query) ?? unstorableField(request.body);
    if (refusal === null) return;
    const name = refusal.field || 'request';
    return reply.status(400).send(fail(400, refusal.message, { [name]: refusal.message }));
  });
}
