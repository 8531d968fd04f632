import {
  TUNNEL_TOKEN_HEADER,
  TunnelMux,
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
