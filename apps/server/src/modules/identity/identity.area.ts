import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { accountModule } from '@/modules/account/account.module';
import { impersonationModule } from '@/modules/impersonation/impersonation.module';
import { mfaModule } from '@/modules/mfa/mfa.module';
import { storageModule } from '@/modules/storage/storage.module';
import { tokensModule } from '@/modules/tokens/tokens.module';

/** Who you are: sign-in and sessions, password, MFA, impersonation, tokens, preferences. */
export const identityArea = async (app: FastifyInstance, context: ModuleContext) => {
  const { mfaRepository } = await mfaModule(app, context);
  await accountModule(app, context, { mfaRepository });
  await impersonationModule(app, context);
  await tokensModule(app, context);
  await storageModule(app, context);
};
