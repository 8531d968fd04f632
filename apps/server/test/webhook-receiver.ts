import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP endpoint on 127.0.0.1 (random port) that records what webhooks POST and answers
 * with the queued status codes (200 once the queue is empty).
 */
export const startWebhookReceiver = async () => {
  const received: ReceivedRequest[] = [];
  const statuses: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Status codes for the next requests, in order. */
    answer(...codes: number[]) {
      statuses.push(...codes);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
