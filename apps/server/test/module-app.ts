import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { settings } from '@/db/schema';
import { JWT_SECRET_KEY } from '@/db/seed';
import { createAccessTokens } from '@/modules/identity/auth/access-token';
import { createAuthRepository } from '@/modules/identity/auth/auth.repository';
import { createAuthService } from '@/modules/identity/auth/auth.service';
import { createSessionRepository } from '@/modules/identity/auth/session.repository';
import { authPlugin } from '@/plugins/auth';
import { errorsPlugin } from '@/plugins/errors';
import type { TestApp } from './app';

/**
 * A bare instance with the app's error and auth plugins over the test app's database, for
 * exercising one module's routes before they are wired into buildApp. Log in through the test
 * app (`loginAs(t.app, …)`); the sessions work here too, the JWT secret being the seeded one.
 */
export const buildModuleApp = async (
  t: TestApp,
  register: (app: FastifyInstance) => Promise<void>,
) => {
  const [secret] = await t.db.select().from(settings).where(eq(settings.key, JWT_SECRET_KEY));
  if (!secret) throw new Error('The seed stored no JWT secret');
  const now = () => new Date();
  const authService = createAuthService({
    authRepository: createAuthRepository(t.db),
    sessionRepository: createSessionRepository(t.db),
    accessTokens: createAccessTokens(secret.value),
    now,
  });
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(authPlugin, { authService, now });
  await register(app);
  await app.ready();
  return app;
};
