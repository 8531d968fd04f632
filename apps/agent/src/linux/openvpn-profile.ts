import { constants } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

// What netfleet-agent checks before it runs a hub's OpenVPN profile as root, and where the
// pieces an OpenVPN client needs come from on a Linux box.

/**
 * The only directives a profile may hold. A block-list cannot be complete (`replay-persist`,
 * `auth-user-pass`, `tmp-dir`, … read or write files as root, and OpenVPN keeps adding
 * options), so anything not named here is refused.
 *
 * First, exactly what the server's renderClientProfile (apps/server
 * packages/openvpn-hub/src/openvpn-config.ts) writes; then a few client options that only
 * tune the connection or the log and touch no file: what `client` stands for (`tls-client`,
 * `pull`), the `key-direction` an inline `<tls-auth>` needs, cipher negotiation for hubs of other
 * OpenVPN versions, and keepalive timers and log volume.
 */
const ALLOWED_DIRECTIVES = new Set([
  // renderClientProfile
  'client',
  'dev',
  'proto',
  'remote',
  'resolv-retry',
  'nobind',
  'persist-key',
  'persist-tun',
  'remote-cert-tls',
  'explicit-exit-notify',
  'verb',
  // harmless client options
  'tls-client',
  'pull',
  'key-direction',
  'cipher',
  'data-ciphers',
  'auth',
  'keepalive',
  'ping',
  'ping-restart',
  'connect-retry',
  'mute',
]);

/**
 * Inline files (`<ca>…</ca>`) a profile may hold: keys and certificates, whose content OpenVPN
 * reads as data, never as directives. `ca`, `cert`, `key`, `tls-*` are allowed only this way:
 * as directives they name a file, which root could read from anywhere. Any other block is
 * refused: `<connection>` holds directives, and any other tag turns its content into the
 * argument of the option of that name (`<up>` would be a script).
 */
const INLINE_BLOCKS = new Set(['ca', 'cert', 'key', 'tls-crypt', 'tls-auth', 'tls-crypt-v2']);

/**
 * OpenVPN reads a config file with fgets into 256 bytes (OPTION_LINE_SIZE): a longer line is cut
 * and its rest read as a line of its own, where it could be a directive or close an inline block.
 * So no line (without its `\n`) may be longer than 254 bytes.
 */
const LINE_MAX_BYTES = 254;

export const OPENVPN_PROFILE_MESSAGES = {
  forbidden: (directive: string) =>
    `The profile uses ${JSON.stringify(directive)}, which netfleet-agent does not run`,
  nul: 'The profile contains a NUL character',
  tooLong: (line: number) =>
    `Line ${line} of the profile is longer than OpenVPN reads (${LINE_MAX_BYTES} bytes)`,
  unreadable: (line: number) =>
    `Line ${line} of the profile has an unclosed quote or a trailing backslash`,
  unclosed: (tag: string) => `The profile's <${tag}> block is never closed`,
} as const;

/** isspace() in the C locale; OpenVPN's parse_line (options.c) splits words with it. */
const isSpace = (c: string) =>
  c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';

/**
 * The words of one line of a config file (with its `\n`) as OpenVPN's parse_line reads them:
 * quotes and backslash escapes removed (`"up"`, `'up'` and `\up` are all `up`), a `#` or `;`
 * where a word starts ending the line, even escaped. Null where OpenVPN refuses the line (an
 * unclosed quote, a backslash escaping the end).
 */
export const openvpnWords = (line: string): string[] | null => {
  const words: string[] = [];
  let state: 'initial' | 'unquoted' | 'double' | 'single' = 'initial';
  let backslash = false;
  let word = '';
  // parse_line handles the terminating NUL too: it ends an unquoted word.
  for (const c of `${line}\0`) {
    if (!backslash && c === '\\' && state !== 'single') {
      backslash = true;
      continue;
    }
    let out = '';
    let done = false;
    if (state === 'initial') {
      if (c !== '\0' && !isSpace(c)) {
        if (c === '#' || c === ';') break;
        if (!backslash && c === '"') state = 'double';
        else if (!backslash && c === "'") state = 'single';
        else {
          out = c;
          state = 'unquoted';
        }
      }
    } else if (state === 'unquoted') {
      if (!backslash && (c === '\0' || isSpace(c))) done = true;
      else out = c;
    } else if (state === 'double') {
      if (!backslash && c === '"') done = true;
      else out = c;
    } else if (c === "'") {
      // Single quotes: no escapes at all.
      done = true;
    } else {
      out = c;
    }
    if (done) {
      words.push(word);
      word = '';
      state = 'initial';
    }
    backslash = false;
    if (out !== '\0') word += out;
  }
  return state === 'initial' ? words : null;
};

/**
 * Why netfleet-agent will not run `profile`, or null when it will. It reads the profile as
 * OpenVPN does (read_config_file, parse_line, check_inline_file in options.c) and accepts only
 * the directives and inline files above: the hub's own profiles have nothing else, and one that
 * has is refused whatever the sender.
 */
export const profileProblem = (profile: string): string | null => {
  if (profile.includes('\0')) return OPENVPN_PROFILE_MESSAGES.nul;
  // Lines keep their `\n`, as fgets returns them; OpenVPN skips a UTF-8 BOM on the first.
  const lines = profile.replace(/^\uFEFF/, '').split(/(?<=\n)/);
  for (const [index, line] of lines.entries()) {
    if (Buffer.byteLength(line.replace(/\n$/, '')) > LINE_MAX_BYTES) {
      return OPENVPN_PROFILE_MESSAGES.tooLong(index + 1);
    }
  }
  let inline: string | null = null;
  for (const [index, line] of lines.entries()) {
    if (inline !== null) {
      // OpenVPN ends the block at the first line that starts, after spaces, with the closing
      // tag; ending it at least as early (any case too) means no line it reads as a directive
      // goes unchecked here.
      const start = line.replace(/^[ \t\n\v\f\r]+/, '').toLowerCase();
      if (start.startsWith(`</${inline.toLowerCase()}>`)) inline = null;
      continue;
    }
    const words = openvpnWords(line);
    if (words === null) return OPENVPN_PROFILE_MESSAGES.unreadable(index + 1);
    const first = words[0];
    if (first === undefined) continue;
    // OpenVPN reads `--up` in a file as `up` (bypass_doubledash).
    const name = first.length >= 3 && first.startsWith('--') ? first.slice(2) : first;
    // A word alone between < and > opens an inline file (check_inline_file).
    if (words.length === 1 && name.startsWith('<') && name.endsWith('>')) {
      const tag = name.slice(1, -1);
      if (!INLINE_BLOCKS.has(tag)) return OPENVPN_PROFILE_MESSAGES.forbidden(name);
      inline = tag;
      continue;
    }
    if (!ALLOWED_DIRECTIVES.has(name)) return OPENVPN_PROFILE_MESSAGES.forbidden(name);
  }
  return inline === null ? null : OPENVPN_PROFILE_MESSAGES.unclosed(inline);
};

const executable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

/**
 * The openvpn program: `configured` (AGENT_OPENVPN_PATH) when given, else the first in the
 * directories of `searchPath` (a PATH). Null when there is none.
 */
export const findOpenvpn = async (
  configured: string | undefined,
  searchPath: string,
): Promise<string | null> => {
  if (configured) return (await executable(configured)) ? configured : null;
  for (const dir of searchPath.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, 'openvpn');
    if (await executable(candidate)) return candidate;
  }
  return null;
};

/**
 * Turns IPv4 forwarding on (`net.ipv4.ip_forward=1`) unless it is already. It is never turned
 * back off: other services of the box may rely on it.
 */
export const enableIpForwarding = async (path: string): Promise<void> => {
  const current = await readFile(path, 'utf8').catch(() => null);
  if (current?.trim() === '1') return;
  await writeFile(path, '1\n');
};
