import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createTokensRepository } from './tokens.repository';
import { tokensRoutes } from './tokens.routes';
import { createTokensService } from './tokens.service';

/** Personal access tokens for API clients, limited by their scopes. */
export const tokensModule = async (app: FastifyInstance, context: ModuleContext) => {
  const tokensService = createTokensService({
    tokensRepository: createTokensRepository(context.db),
    actionLog: context.actionLog,
    now: context.now,
  });
  await app.register(tokensRoutes, { tokensService });
};
