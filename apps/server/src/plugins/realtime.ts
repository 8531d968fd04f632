import {
  type ClientToServerEvents,
  ERROR_CODES,
  type ServerToClientEvents,
  SOCKET_PATHS,
  STATUS_CHANNEL_PATTERN,
  type SubscriptionAck,
  userChannel,
} from '@netfleet/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import { runInForeground } from '@/lib/foreground';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { ACCESS_COOKIE } from '@/modules/identity/auth/session-cookies';
import type { StatusService } from '@/modules/system/status/status.service';
import { closeRedis } from '@/redis/client';
import { bearerSecret } from './auth';
import { isDeviceChannel, mayJoinDeviceChannel } from './realtime-device-channels';
import type { RealtimePublisher } from './realtime-publisher';

interface SocketData {
  userId: number;
  /** When the handshake's credential expires, milliseconds since the epoch. */
  expiresAt: number;
}
type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The socket.io server and what services publish through; rooms are channel names. */
export interface Realtime {
  io: RealtimeServer;
  publisher: RealtimePublisher;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Pushes events to browsers (every instance's, with REDIS_URL). */
    publisher: RealtimePublisher;
  }
}

/**
 * Created before the services, which get `publisher`; the plugin attaches it to the HTTP server.
 * Events published before any socket connects simply reach no one.
 */
export const createRealtime = (): Realtime => {
  // Not attached yet; destroyUpgrade off so other upgrade handlers keep their requests.
  const io: RealtimeServer = new Server({
    path: SOCKET_PATHS.status,
    serveClient: false,
    destroyUpgrade: false,
  });
  return {
    io,
    publisher: {
      toUser: (userId, event, ...payload) => io.to(userChannel(userId)).emit(event, ...payload),
      toChannel: (channel, event, ...payload) => io.to(channel).emit(event, ...payload),
      toAll: (event, ...payload) => io.emit(event, ...payload),
    },
  };
};

export interface RealtimePluginOptions {
  realtime: Realtime;
  authService: AuthService;
  statusChannels: Pick<StatusService, 'isOwnChannel'>;
  /** With REDIS_URL: two connections duplicated from it fan events out across instances. */
  redis?: Redis;
  /** How often the live device channels of every socket are checked again; a minute by default. */
  recheckMs?: number;
}

const channelPayload = z.object({ channel: z.string().min(1).max(200) });

const FORBIDDEN_ACK: SubscriptionAck = {
  success: false,
  status: 403,
  message: 'You may not subscribe to this channel',
};

// setTimeout's limit (about 24.8 days); a later expiry is checked again at the next reconnect.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds until a socket's credential expires, or null when it is too far to schedule. */
export const expiryDelay = (expiresAt: number, now: number): number | null => {
  const delay = Math.max(0, expiresAt - now);
  return delay > MAX_TIMER_MS ? null : delay;
};

/** A browser's handshake (Origin present) must come from the page's own host. */
export const isSameOrigin = (origin: string | undefined, host: string | undefined): boolean => {
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
};

/** Access to the live device channels is judged again this often (a role or company change). */
const RECHECK_MS = 60_000;

/**
 * socket.io at /status/socket.io (spec §7 Realtime). A socket authenticates like a request (the
 * session cookie, or a personal access token as `auth.token` or a Bearer header) and then
 * subscribes to its user's channel, its own status channels and its company's live device
 * channels; anything else is refused with 403.
 */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (
    app: FastifyInstance,
    { realtime, authService, statusChannels, redis, recheckMs = RECHECK_MS },
  ) => {
    const { io } = realtime;
    app.decorate('publisher', realtime.publisher);

    let redisClients: Redis[] = [];
    if (redis) {
      redisClients = [redis.duplicate(), redis.duplicate()];
      for (const client of redisClients) {
        client.on('error', (error) => app.log.warn({ err: error }, 'Redis (realtime) error'));
      }
      // The duplicates inherit lazyConnect; connected now so a subscriber misses nothing.
      await Promise.all(redisClients.map((client) => client.connect()));
      const [pub, sub] = redisClients;
      io.adapter(createAdapter(pub, sub));
    }

    const authenticate = (handshake: RealtimeSocket['handshake']): Promise<AuthContext | null> => {
      const token: unknown = handshake.auth.token;
      const bearer =
        typeof token === 'string' ? token : bearerSecret(handshake.headers.authorization);
      if (bearer !== undefined) return authService.resolveBearer(bearer);
      const accessToken = app.parseCookie(handshake.headers.cookie ?? '')[ACCESS_COOKIE];
      return accessToken ? authService.resolveSession(accessToken) : Promise.resolve(null);
    };

    io.use((socket, next) => {
      // The session cookie goes with any page's request (SameSite=Lax covers only top-level
      // navigation): a cookie handshake from another site's page is refused. Tokens are not
      // ambient, so API clients connect from anywhere.
      const { headers } = socket.handshake;
      const usesCookie = typeof socket.handshake.auth.token !== 'string' && !headers.authorization;
      if (usesCookie && !isSameOrigin(headers.origin, headers.host)) {
        return next(new Error(ERROR_CODES.FORBIDDEN));
      }
      authenticate(socket.handshake).then(
        (auth) => {
          if (!auth) return next(new Error(ERROR_CODES.UNAUTHORIZED));
          if (!auth.user.emailVerifiedAt) return next(new Error(ERROR_CODES.EMAIL_NOT_VERIFIED));
          socket.data.userId = auth.user.id;
          socket.data.expiresAt = auth.exp * 1000;
          next();
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'socket authentication failed');
          next(new Error(ERROR_CODES.SERVICE_UNAVAILABLE));
        },
      );
    });

    /** The credential (resolved now) is still the socket's user, and lets it hear the channel. */
    const mayHoldDeviceChannel = (
      socket: RealtimeSocket,
      auth: AuthContext | null,
      channel: string,
    ): boolean => auth?.user.id === socket.data.userId && mayJoinDeviceChannel(auth, channel);

    /**
     * One's own (acting) user channel, status channels that are live and one's own, and the live
     * device channels of one's company that one's permissions allow.
     */
    const mayJoin = async (socket: RealtimeSocket, channel: string): Promise<boolean> => {
      const { userId } = socket.data;
      if (channel === userChannel(userId)) return true;
      if (isDeviceChannel(channel)) {
        // Role, company or impersonation may have changed since the handshake: the credential
        // is resolved again, as a request would resolve it now.
        const auth = await authenticate(socket.handshake);
        return mayHoldDeviceChannel(socket, auth, channel);
      }
      const owner = STATUS_CHANNEL_PATTERN.exec(channel)?.[1];
      return Number(owner) === userId && (await statusChannels.isOwnChannel(userId, channel));
    };

    const subscribe = async (
      socket: RealtimeSocket,
      payload: unknown,
    ): Promise<SubscriptionAck> => {
      const parsed = channelPayload.safeParse(payload);
      if (!parsed.success) return { success: false, status: 400, message: 'Expected { channel }' };
      const { channel } = parsed.data;
      if (await mayJoin(socket, channel)) {
        await socket.join(channel);
        return { success: true };
      }
      await socket.leave(channel);
      return FORBIDDEN_ACK;
    };

    const unsubscribe = async (socket: RealtimeSocket, payload: unknown) => {
      const parsed = channelPayload.safeParse(payload);
      // Its own room (the socket id) is how socket.io reaches it; that one stays.
      if (parsed.success && parsed.data.channel !== socket.id)
        await socket.leave(parsed.data.channel);
      return { success: true };
    };

    const answer = (ack: unknown, result: Promise<SubscriptionAck>) => {
      result
        .catch((error: unknown): SubscriptionAck => {
          app.log.error({ err: error }, 'socket subscription failed');
          return { success: false, status: 503, message: 'Try again later' };
        })
        .then((value) => {
          if (typeof ack === 'function') ack(value);
        });
    };

    /**
     * A socket keeps a live device channel only while its credential would still be let in: a
     * user whose role, company or session changed stops hearing the fleet within `recheckMs`,
     * not only when the credential expires (a personal access token may live for months).
     */
    const recheck = async (socket: RealtimeSocket) => {
      const rooms = [...socket.rooms].filter(isDeviceChannel);
      if (rooms.length === 0) return;
      const auth = await authenticate(socket.handshake);
      for (const room of rooms.filter(
        (candidate) => !mayHoldDeviceChannel(socket, auth, candidate),
      )) {
        await socket.leave(room);
        socket.emit('ChannelRevoked', { channel: room });
      }
    };
    let rechecking = false;
    const recheckAll = async () => {
      // One socket after another: a pass is a trickle of session reads, never a burst.
      for (const socket of io.of('/').sockets.values()) await recheck(socket);
    };
    const recheckTimer = setInterval(() => {
      if (rechecking) return;
      rechecking = true;
      recheckAll()
        .catch((error: unknown) => app.log.warn({ err: error }, 'device channel recheck failed'))
        .finally(() => {
          rechecking = false;
        });
    }, recheckMs);
    recheckTimer.unref();

    io.on('connection', (socket) => {
      // Foreground work: its client misses live updates until it is in.
      socket.on('subscribe', (payload, ack) =>
        answer(
          ack,
          runInForeground(() => subscribe(socket, payload)),
        ),
      );
      socket.on('unsubscribe', (payload, ack) => answer(ack, unsubscribe(socket, payload)));
      // A socket lives no longer than the credential it was opened with: at its expiry the
      // transport closes and the client reconnects with its current (refreshed) cookie, so a
      // revoked session or token loses its live events within one access-token lifetime.
      // Timers run on the real clock, like the token's own expiry check.
      const delay = expiryDelay(socket.data.expiresAt, Date.now());
      if (delay === null) return;
      const timer = setTimeout(() => socket.conn.close(), delay);
      socket.once('disconnect', () => clearTimeout(timer));
    });

    io.attach(app.server);

    // Closing the transports (not a socket.io disconnect) lets clients reconnect, to another
    // instance or this one restarted. Not io.close(): the HTTP server is Fastify's to close.
    app.addHook('preClose', async () => {
      clearInterval(recheckTimer);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      await io.of('/').adapter.close();
      await Promise.all(redisClients.map(closeRedis));
    });
  },
  { name: 'realtime', dependencies: ['@fastify/cookie'] },
);
