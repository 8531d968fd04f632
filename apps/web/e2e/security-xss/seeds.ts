import { expect, type APIResponse } from '@playwright/test';

// Every seeded string carries a script of one of these kinds and ends with an id of its own
// (`n7x123456`), so a payload that ran names its kind (window.__xss) and a field that is shown
// nowhere names itself. The longest kind plus its id fits the 50 characters of the shortest
// free-text field seeded (remote access names).
const KINDS = [
  (id: string) => `<img src=x onerror="window.__xss=1">${id}`,
  (id: string) => `"><script>window.__xss=2</script>${id}`,
  (id: string) => `<svg onload="window.__xss=3"></svg>${id}`,
  (id: string) => `javascript:window.__xss=4//${id}`,
];
/** For fields of at most 32 characters. */
const SHORT = (id: string) => `<svg/onload=__xss=5>${id}`;

export interface SeededField {
  what: string;
  /** The text a page shows when it shows the field. */
  expected: string;
}

type Values = Record<string, string>;

/**
 * The stored payloads and the refused ones. A write names its payload fields by the error
 * source the API would answer for them (`name`, `data.0.message`); a 422 for some of them is a
 * defence, noted, and the write is sent again with plain text there, so the other fields of the
 * same body are still stored.
 */
export class Seeds {
  readonly stored: SeededField[] = [];
  readonly refused: string[] = [];
  readonly ignored: string[] = [];
  /** What each write last sent, by `what source`: the payload, or the plain text it became. */
  private readonly sent = new Map<string, string>();
  private count = 0;

  constructor(readonly run: string) {}

  /** A payload unique to its field. */
  payload(short = false): string {
    this.count += 1;
    const id = `n${String(this.count)}x${this.run}`;
    return short ? SHORT(id) : (KINDS[this.count % KINDS.length] as (id: string) => string)(id);
  }

  /** A plain name, unique within the run: what a refused field is sent as instead. */
  plain(label: string): string {
    this.count += 1;
    return `xss ${label} ${String(this.count)} ${this.run}`;
  }

  /** The id a payload ends with: all that is left of it where markup is sanitised away. */
  static idOf(payload: string): string {
    return /n\d+x\d+$/.exec(payload)?.[0] ?? payload;
  }

  /**
   * A string the device sends that the server does not keep, or keeps for no page to show: sent
   * all the same (the protocol allows it), and noted.
   */
  unshown(what: string): string {
    this.ignored.push(what);
    return this.payload();
  }

  /** The value `what source` was stored with. */
  value(what: string, source: string): string {
    const value = this.sent.get(`${what} ${source}`);
    if (value === undefined) throw new Error(`nothing was sent as ${what} ${source}`);
    return value;
  }

  /** A string the device reported (stored by the gateway, not through the API). */
  reported(what: string, payload: string) {
    this.stored.push({ what, expected: payload });
  }

  /**
   * Sends `send(values)` until it is stored: a 422 must name only payload fields, which are then
   * noted as refused and sent as plain text. Answers the stored response. `sanitised` fields are
   * rich text, shown without their markup; `unshown` ones are kept for API clients only.
   */
  async write(
    what: string,
    fields: Values,
    send: (values: Values) => Promise<APIResponse>,
    options: { sanitised?: boolean; unshown?: string[] } = {},
  ): Promise<APIResponse> {
    const values = { ...fields };
    for (;;) {
      const response = await send(values);
      const body = await response.text();
      expect(response.status(), `${what}: ${body}`).toBeLessThan(500);
      if (response.ok()) {
        for (const [source, value] of Object.entries(values)) {
          this.sent.set(`${what} ${source}`, value);
          if (value !== fields[source]) continue;
          if (options.unshown?.includes(source)) {
            this.ignored.push(`${what} ${source}`);
            continue;
          }
          const expected = options.sanitised ? Seeds.idOf(value) : value;
          this.stored.push({ what: `${what} ${source}`, expected });
        }
        return response;
      }
      expect(response.status(), `${what}: ${body}`).toBe(422);
      const errors = (JSON.parse(body) as { errors: { source: string | null }[] }).errors;
      for (const source of new Set(errors.map((error) => error.source ?? ''))) {
        // Only a payload may be refused: any other problem is the seeding's own mistake.
        expect(values[source] === fields[source] && source in fields, `${what}: ${body}`).toBe(
          true,
        );
        values[source] = this.plain(source.replace(/\W+/g, '-'));
        this.refused.push(`${what} ${source}`);
      }
    }
  }
}
