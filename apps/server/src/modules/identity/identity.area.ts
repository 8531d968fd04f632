import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { accountModule } from '@/modules/identity/account/account.module';
import { impersonationModule } from '@/modules/identity/impersonation/impersonation.module';
import { mfaModule } from '@/modules/identity/mfa/mfa.module';
import { passwordResetModule } from '@/modules/identity/password/password-reset.module';
import { storageModule } from '@/modules/identity/storage/storage.module';
import { tokensModule } from '@/modules/identity/tokens/tokens.module';

/** Who you are: sign-in and sessions, password, MFA, impersonation, tokens, preferences. */
export const identityArea = async (app: FastifyInstance, context: ModuleContext) => {
  const { mfaRepository } = await mfaModule(app, context);
  await accountModule(app, context, { mfaRepository });
  await passwordResetModule(app, context);
  await impersonationModule(app, context);
  await tokensModule(app, context);
  await storageModule(app, context);
};
