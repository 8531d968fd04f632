import type { ReadingText } from '@netfleet/contracts';
import type { MessageMeta, PublishOptions } from './broker';

/**
 * Messages between the embedded broker (broker-embedded.ts, on the server's main thread) and its
 * worker thread (broker-worker.ts, which runs Aedes and the MQTT sockets). Requests carry an id
 * that the worker answers with `done`.
 */
export type ToBrokerWorker =
  | { type: 'start'; id: number; port: number; host: string }
  | ({
      type: 'publish';
      id: number;
      /** Strings travel as strings: a Buffer made from one is a view into a shared 8 KB pool. */
      messages: { topic: string; payload: string | Uint8Array }[];
    } & PublishOptions)
  | { type: 'restart-listener'; id: number }
  /** Publish to every subscribed device at QoS 0 and answer once written, or after `waitMs`. */
  | { type: 'announce'; id: number; topic: string; payload: string; waitMs: number }
  | { type: 'close'; id: number }
  /** The main thread's answer to `authenticate`. */
  | { type: 'authenticated'; id: number; ok: boolean }
  /** The main thread has handed every message of batch `id` to the gateway: PUBACK them. */
  | { type: 'taken'; id: number };

export type FromBrokerWorker =
  | {
      type: 'done';
      id: number;
      /** `start`: the port it listens on. */
      port?: number;
      /** `publish`: the indexes of the messages Aedes did not take. */
      failed?: number[];
      error?: { message: string; code?: string };
    }
  | {
      type: 'authenticate';
      id: number;
      deviceId: number;
      password: string;
      meta: MessageMeta;
    }
  /**
   * Device messages authorised since the last batch, in arrival order, not yet acknowledged. The
   * payloads travel as one transferred buffer (message i ends at items[i][1]): a payload is a view
   * into the socket's read buffer, and cloning a view copies all of the buffer under it. Readings
   * come validated instead (the fourth element: the reading with its data as JSON text, or null
   * when invalid; no payload).
   */
  | {
      type: 'messages';
      id: number;
      items: [topic: string, end: number, meta: MessageMeta, reading?: ReadingText | null][];
      payloads: Uint8Array;
    };
