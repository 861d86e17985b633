import type { FastifyPluginAsync } from 'fastify';
import type { StaffRole } from '../../domain/users/roles.ts';

/**
 * The back office's route plugins behind one role (decision 0067), checked on arrival (`onRequest`):
 * before the body is read, parsed or validated, so a visitor gets 401 and a customer 403 and never
 * a field message, a multipart upload's bytes or a path parameter's rule (issue 29 §3). The role
 * lives here, where the plugins are registered, not on each route, so no route can forget it.
 */
export function backOffice(role: StaffRole, plugins: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRequest', scope.requireRole(role));
    for (const plugin of plugins) await scope.register(plugin);
  };
}
