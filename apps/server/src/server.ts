import { buildApp } from './app';
import { fail, loadConfigOrExit, openDatabase, printCreatedAdmin } from './bootstrap';

const main = async () => {
  const config = loadConfigOrExit(process.env);
  const { database, seed } = await openDatabase(config);

  const app = await buildApp({ config, db: database.db, jwtSecret: seed.jwtSecret });
  app.addHook('onClose', () => database.close());

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      return fail(`Port ${config.port} is already in use: set PORT to a free port.`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      return fail(`Cannot listen on HOST=${config.host}: set HOST to an address of this machine.`);
    }
    if (code === 'EACCES')
      return fail(`Port ${config.port} needs privileges: set PORT above 1023.`);
    throw error;
  }

  console.log(`netfleet is running at ${config.publicUrl}`);
  if (seed.createdAdmin) printCreatedAdmin(seed.createdAdmin);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    // A second Ctrl-C while draining means "now".
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
};

await main();
