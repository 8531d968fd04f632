import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import {
  ENROL_REFUSED,
  ENROL_USERNAME,
  deviceUsername,
  enrolRequestSchema,
  parseDeviceUsername,
  parseTopic,
  topics,
  type EnrolResponse,
} from '@netfleet/contracts';

export interface SeenMessage {
  topic: string;
  payload: string;
  retain: boolean;
}

/**
 * A tiny Aedes broker for tests, playing the gateway's part of enrolment: claim secrets registered
 * with `expectClaim` are exchanged for credentials, which the broker then authenticates.
 */
export class TestBroker {
  readonly messages: SeenMessage[] = [];
  readonly passwords = new Map<number, string>();
  private readonly claims = new Map<string, string>();
  authAttempts = 0;
  private nextId = 1;

  private constructor(
    readonly broker: Aedes,
    private readonly server: Server,
  ) {}

  static async start(): Promise<TestBroker> {
    const broker = await Aedes.createBroker();
    const server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const test = new TestBroker(broker, server);
    broker.authenticate = (_client, username, password, done) => {
      test.authAttempts += 1;
      const id = parseDeviceUsername(username);
      if (username === ENROL_USERNAME) return done(null, true);
      if (id !== null && test.passwords.get(id) === password?.toString()) return done(null, true);
      done(Object.assign(new Error('bad credential'), { returnCode: 4 as const }), null);
    };
    broker.on('publish', (packet, client) => {
      if (!client) return;
      const message = {
        topic: packet.topic,
        payload: packet.payload.toString(),
        retain: packet.retain,
      };
      test.messages.push(message);
      test.answerEnrolment(message);
    });
    return test;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  expectClaim(serial: string, claim: string): void {
    this.claims.set(serial, claim);
  }

  /** A credential the broker accepts, as if the device had enrolled earlier. */
  addDevice(password = 'device-password'): {
    device_id: number;
    username: string;
    password: string;
  } {
    const id = this.nextId++;
    this.passwords.set(id, password);
    return { device_id: id, username: deviceUsername(id), password };
  }

  publish(topic: string, payload: unknown, retain = false): Promise<void> {
    return new Promise((resolve, reject) =>
      this.broker.publish(
        { cmd: 'publish', topic, payload: JSON.stringify(payload), qos: 1, retain, dup: false },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  }

  on(topic: string): unknown[] {
    return this.messages
      .filter((m) => m.topic === topic)
      .map((m) => JSON.parse(m.payload) as unknown);
  }

  /**
   * From now on never acknowledges (nor delivers) a publish to `topic`, as a saturated server
   * holds its PUBACKs.
   */
  holdPublishes(topic: string): void {
    this.broker.authorizePublish = (_client, packet, callback) => {
      if (packet.topic !== topic) callback(null);
    };
  }

  /** Closes a client's connection from the broker side, as a network failure would. */
  dropClient(clientId: string): boolean {
    const client = this.clients()[clientId];
    client?.close();
    return client !== undefined;
  }

  isConnected(clientId: string): boolean {
    return this.clients()[clientId] !== undefined;
  }

  private clients() {
    return (this.broker as unknown as { clients: Record<string, { close(): void }> }).clients;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.broker.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answerEnrolment(message: SeenMessage) {
    const parsed = parseTopic(message.topic);
    if (parsed?.kind !== 'enrol') return;
    const request = enrolRequestSchema.safeParse(JSON.parse(message.payload));
    let answer: EnrolResponse = ENROL_REFUSED;
    if (request.success && this.claims.get(request.data.serial) === request.data.claim) {
      this.claims.delete(request.data.serial);
      const { device_id, username, password } = this.addDevice(`pw-${request.data.serial}`);
      answer = { ok: true, device_id, username, password };
    }
    void this.publish(topics.enrolResponse(parsed.clientId), answer);
  }
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export const waitFor = async <T>(
  check: () => T | undefined | false,
  timeoutMs = 5000,
): Promise<T> => {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
