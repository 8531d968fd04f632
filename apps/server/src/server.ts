import { buildApp } from './app';
import { fail, loadConfigOrExit, openDatabase, openRedis, printCreatedAdmin } from './bootstrap';
import { limitHeapGrowth } from './lib/heap';
import { createRedisAttemptStore } from './modules/identity/auth/redis-attempt-store';
import { createHubSupervisor } from '@netfleet/openvpn-hub';
import { BrokerStartError } from './plugins/broker';
import { closeBrokerAtShutdown } from './plugins/broker-shutdown';
import { createBroker } from './plugins/create-broker';
import { type AdminSocket, startAdminSocket } from './modules/system/backup/admin-socket';
import { closeRedis } from './redis/client';

/**
 * How long requests in flight may take to finish at shutdown; then their connections are cut so
 * the buffers still get flushed before an orchestrator's kill (Kubernetes waits 30 s).
 */
const DRAIN_MS = 10_000;
/** Past this the process exits even if closing hangs (a database that no longer answers). */
const SHUTDOWN_LIMIT_MS = 25_000;

const main = async () => {
  const config = loadConfigOrExit(process.env);
  limitHeapGrowth(config.heapGrowingPercent);
  // Before the database: a wrong REDIS_URL should not wait for migrations to be reported.
  const redis = await openRedis(config);
  const { database, seed } = await openDatabase(config);
  const broker = createBroker(config);

  const app = await buildApp({
    config,
    db: database.db,
    jwtSecret: seed.jwtSecret,
    deliverWebhooks: true,
    broker,
    // VPN hubs run on this host; where OpenVPN cannot run, hubs say why (GET /api/vpn/hubs/host).
    ...(config.vpnHubs
      ? {
          hubRuntime: (log) =>
            createHubSupervisor({
              dataDir: config.dataDir,
              openvpnPath: config.openvpnPath,
              netns: config.vpnHubNetns,
              log,
            }),
        }
      : {}),
    ...(redis ? { redis, attemptStore: createRedisAttemptStore(redis) } : {}),
  });
  // ioredis reconnects by itself; an outage is logged, and logins fail until it is back.
  redis?.on('error', (error) => app.log.warn({ err: error }, 'Redis connection error'));
  if (broker.kind === 'embedded') {
    broker.onFailure((error) =>
      app.log.error({ err: error }, 'MQTT broker thread failed; starting a new one'),
    );
  }
  // `netfleet backup` asks this process for the snapshot: the embedded database has one user.
  let adminSocket: AdminSocket | null = null;
  // Not onClose hooks: those run newest first, so the database would close before the modules'
  // own hooks (deliveries in flight) are done with it.
  // The broker first: no message is taken after the gateway's last flush in app.close().
  const close = async () => {
    await adminSocket?.close();
    // Embedded: the devices are told to come back spread over a window, not all at once.
    await closeBrokerAtShutdown(broker);
    await app.close();
    await database.close();
    if (redis) await closeRedis(redis);
  };

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await close();
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
  try {
    await broker.start();
  } catch (error) {
    await close();
    if (error instanceof BrokerStartError) return fail(error.message);
    throw error;
  }

  if (database.kind === 'pglite') {
    adminSocket = await startAdminSocket(
      { db: database.db, kind: database.kind, dataDir: config.dataDir },
      app.log,
    );
  }

  console.log(`netfleet is running at ${config.publicUrl}`);
  if (seed.createdAdmin) printCreatedAdmin(seed.createdAdmin);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    // A second Ctrl-C while draining means "now".
    if (closing) process.exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.warn('requests still running at shutdown; closing their connections');
      app.server.closeAllConnections();
    }, DRAIN_MS).unref();
    setTimeout(() => {
      app.log.error('shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    close().then(
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
