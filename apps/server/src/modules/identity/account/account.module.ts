import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createMfaLogin } from '@/modules/identity/mfa/mfa-login';
import type { MfaRepository } from '@/modules/identity/mfa/mfa.repository';
import { passwordRoutes } from '@/modules/identity/password/password.routes';
import { createPasswordService } from '@/modules/identity/password/password.service';
import { createAccountRepository } from './account.repository';
import { accountRoutes } from './account.routes';
import { createAccountService } from './account.service';

/** The account service (/account/*: sign-in, sessions, e-mail) and GET /api/user, with passwords. */
export const accountModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { mfaRepository }: { mfaRepository: MfaRepository },
) => {
  const { auth, actionLog, mail, transaction, now, config, cookies } = context;
  const accountRepository = createAccountRepository(context.db);
  const accountService = createAccountService({
    accountRepository,
    authRepository: auth.authRepository,
    sessionService: auth.sessionService,
    loginLimiter: auth.loginLimiter,
    actionLog,
    mail,
    mfaLogin: createMfaLogin({ mfaRepository, mail, transaction, now }),
    transaction,
    publicUrl: config.publicUrl,
    now,
  });
  const passwordService = createPasswordService({
    accountRepository,
    sessionRepository: auth.sessionRepository,
    loginLimiter: auth.loginLimiter,
    actionLog,
    transaction,
    now,
  });
  await app.register(accountRoutes, {
    accountService,
    sessionService: auth.sessionService,
    cookies,
    publicUrl: config.publicUrl,
  });
  await app.register(passwordRoutes, { passwordService });
};
