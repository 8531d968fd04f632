import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createAccountRepository } from '@/modules/identity/account/account.repository';
import { createResetRequestLimiter } from './password-reset-limiter';
import { createPasswordResetRepository } from './password-reset.repository';
import { passwordResetRoutes } from './password-reset.routes';
import { createPasswordResetService } from './password-reset.service';

/** POST /account/password/forgot and /account/password/reset (DESIGN §3 account service). */
export const passwordResetModule = async (app: FastifyInstance, context: ModuleContext) => {
  const { auth, now } = context;
  const passwordResetService = createPasswordResetService({
    passwordResetRepository: createPasswordResetRepository(context.db),
    accountRepository: createAccountRepository(context.db),
    authRepository: auth.authRepository,
    sessionRepository: auth.sessionRepository,
    loginLimiter: auth.loginLimiter,
    requestLimiter: createResetRequestLimiter(context.attemptStore, () => now().getTime()),
    actionLog: context.actionLog,
    mail: context.mail,
    transaction: context.transaction,
    publicUrl: context.config.publicUrl,
    now,
    log: app.log,
  });
  // Mails still being prepared finish before the database closes.
  app.addHook('onClose', async () => passwordResetService.settle());
  await app.register(passwordResetRoutes, { passwordResetService });
};
