import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/app-error';
import { requireAdmin } from '../../plugins/authentication';
import { isInCustomizeDomain } from './service';

/** Hook: an admin whose e-mail domain equals CUSTOMIZE_EMAIL_DOMAIN; any other caller 401/403. */
export function requireCustomizer(domain: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await requireAdmin(request, reply);
    if (!request.user || !isInCustomizeDomain(request.user.email, domain)) {
      throw forbidden('errors.config.outsideDomain');
    }
  };
}
