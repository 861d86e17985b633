import type { FastifyInstance } from 'fastify';
import { fail } from '../../domain/api/envelope.ts';
import { hasNulCharacter, NUL_CHARACTER_MESSAGE } from '../../domain/api/text.ts';

const MAX_DEPTH = 32;

/** The dotted name of the first string holding a NUL character in `value`, or null. */
function fieldWithNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasNulCharacter(value) ? path : null;
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hasNulCharacter(key)) return path;
    const found = fieldWithNul(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Every API route (under /api/) refuses a NUL character in any path parameter, query value or body string
 * with a 400 naming the field, whatever its schema says (docs/decisions/0036). The shared form
 * fields in src/domain refuse it too, for the pages' own form posts.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    // Pages read their own form bodies and check them with the shared fields.
    if (!request.url.startsWith('/api/')) return;
    const field = fieldWithNul(request.params, '') ?? fieldWithNul(request.query, '') ?? fieldWithNul(request.body, '');
    if (field === null) return;
    const name = field || 'request';
    return reply.status(400).send(fail(400, NUL_CHARACTER_MESSAGE, { [name]: NUL_CHARACTER_MESSAGE }));
  });
}
