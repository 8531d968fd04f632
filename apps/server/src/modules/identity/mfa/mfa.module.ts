import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createMfaRepository } from './mfa.repository';
import { mfaRoutes } from './mfa.routes';
import { createMfaService } from './mfa.service';

/** Two-factor authentication: authenticator apps, e-mail codes, recovery codes. */
export const mfaModule = async (app: FastifyInstance, context: ModuleContext) => {
  const { mail, actionLog, transaction, now } = context;
  const mfaRepository = createMfaRepository(context.db);
  const mfaService = createMfaService({ mfaRepository, mail, actionLog, transaction, now });
  await app.register(mfaRoutes, { mfaService });
  // Sign-in asks for the second factor (account module).
  return { mfaRepository };
};
