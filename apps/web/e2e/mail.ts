import { expect } from '@playwright/test';

// scripts/e2e-server.mjs runs a real SMTP server for the console and lists what it received here.
const MAIL_URL = `http://127.0.0.1:${process.env.E2E_MAIL_PORT ?? 18126}/messages`;

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for the newest mail to `address` whose text matches `pattern`, and returns the match. */
export async function waitForMail(address: string, pattern: RegExp): Promise<RegExpExecArray> {
  let found: RegExpExecArray | null = null;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${MAIL_URL}?to=${encodeURIComponent(address)}`);
        const messages = (await response.json()) as ReceivedMail[];
        found =
          messages
            .map((message) => pattern.exec(message.text))
            .filter((match) => match !== null)
            .at(-1) ?? null;
        return found !== null;
      },
      { message: `mail to ${address} matching ${pattern}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as unknown as RegExpExecArray;
}
