import {
  TUNNEL_TOKEN_HEADER,
  TunnelMux,
  tunnelRequestSchema,
  type OpenHandler,
  type TunnelRequest,
} from '@netfleet/contracts/tunnel';
import WebSocket from 'ws';
import type { Credential } from '../types.ts';

/** The server sends nothing bigger than a frame; refuse more. */
const MAX_MESSAGE_BYTES = 128 * 1024;

/**
 * Answers a tunnel request: dials the server (outbound, so it works behind NAT) with the
 * device's own credential and the request's one-time token, then serves the streams the server
 * opens until the server closes the tunnel. Resolves when the tunnel is up.
 */
export const dialTunnel = ({
  request,
  credential,
  open,
}: {
  request: TunnelRequest;
  credential: Credential;
  open: OpenHandler;
}): Promise<TunnelMux> =>
  new Promise((resolve, reject) => {
    const basic = Buffer.from(`${credential.username}:${credential.password}`).toString('base64');
    const ws = new WebSocket(request.url, {
      headers: { authorization: `Basic ${basic}`, [TUNNEL_TOKEN_HEADER]: request.token },
      maxPayload: MAX_MESSAGE_BYTES,
      perMessageDeflate: false,
      handshakeTimeout: 10_000,
    });
    const mux = new TunnelMux(
      { send: (frame) => ws.send(frame), close: () => ws.close(1000) },
      open,
    );
    ws.on('open', () => resolve(mux));
    ws.on('message', (data: Buffer) => mux.receive(data));
    ws.on('unexpected-response', (_request, response) => {
      reject(new Error(`server answered ${response.statusCode}`));
      ws.terminate();
    });
    ws.on('error', (error) => {
      reject(error);
      mux.close(error.message);
    });
    ws.on('close', () => mux.close('tunnel closed'));
  });

/**
 * A `tun` message: dials the tunnel it asks for unless it is invalid, expired or the device
 * cannot open streams, and keeps the tunnel in `tunnels` while it is open.
 */
export const answerTunnelRequest = (
  message: unknown,
  options: {
    credential: Credential;
    open: OpenHandler | undefined;
    tunnels: Set<TunnelMux>;
    log: (message: string) => void;
    onError: () => void;
  },
): void => {
  const request = tunnelRequestSchema.safeParse(message);
  const { credential, open, tunnels, log } = options;
  if (!request.success || !open) {
    log('ignoring a tunnel request');
  } else if (request.data.expires_at > Date.now()) {
    dialTunnel({ request: request.data, credential, open })
      .then((mux) => {
        tunnels.add(mux);
        mux.onClose(() => tunnels.delete(mux));
      })
      .catch((error: unknown) => {
        options.onError();
        log(`tunnel failed: ${(error as Error).message}`);
      });
  }
};
