import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createMailLogsRepository } from './mail-logs.repository';
import { mailLogsRoutes } from './mail-logs.routes';
import { createMailLogsService } from './mail-logs.service';

/** The log of every mail the console sent or kept. */
export const mailLogsModule = async (app: FastifyInstance, context: ModuleContext) => {
  const mailLogsService = createMailLogsService({
    mailLogsRepository: createMailLogsRepository(context.db),
  });
  await app.register(mailLogsRoutes, { mailLogsService });
};
