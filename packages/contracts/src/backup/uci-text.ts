import { type ConfigFile, type ConfigSection, SECTION_TYPE_KEY } from '../device-config.ts';

// UCI's text format (/etc/config/<name> on OpenWrt and RutOS), as backups carry it:
//   config interface 'lan'
//   	option proto 'static'
//   	list dns '1.1.1.1'

const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** One config file as UCI text; sections in their order, lists as repeated `list` lines. */
export const toUciText = (file: ConfigFile): string =>
  Object.entries(file)
    .map(([name, section]) => {
      const lines = [`config ${section[SECTION_TYPE_KEY] ?? 'section'} ${quote(name)}`];
      for (const [option, value] of Object.entries(section)) {
        if (option === SECTION_TYPE_KEY) continue;
        if (Array.isArray(value))
          lines.push(...value.map((item) => `\tlist ${option} ${quote(item)}`));
        else lines.push(`\toption ${option} ${quote(value)}`);
      }
      return `${lines.join('\n')}\n`;
    })
    .join('\n');

/** The words of a line: bare, 'single' or "double" quoted, with '\'' escapes joined. */
const words = (line: string): string[] | null => {
  const out: string[] = [];
  const pattern = /\s*(?:'((?:[^']|'\\'')*)'|"((?:[^"\\]|\\.)*)"|([^\s'"#]+)|(#.*))/gy;
  let match: RegExpExecArray | null;
  let rest = line;
  while ((match = pattern.exec(line)) !== null) {
    if (match[4] !== undefined) break;
    out.push(
      match[1]?.replaceAll(`'\\''`, "'") ?? match[2]?.replace(/\\(.)/g, '$1') ?? match[3] ?? '',
    );
    rest = line.slice(pattern.lastIndex);
  }
  return rest.trim() === '' || rest.trim().startsWith('#') ? out : null;
};

/**
 * A config file from UCI text; anonymous sections are named as UCI shows them (`@rule[0]`
 * becomes `cfg_rule_0`). Null when a line is not UCI, so a corrupt backup is never half-read.
 */
export const parseUciText = (text: string): ConfigFile | null => {
  const file: ConfigFile = {};
  const anonymous = new Map<string, number>();
  let current: ConfigSection | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const parts = words(line);
    if (!parts || parts.length < 2) return null;
    const [keyword, first = '', second] = parts;
    if (keyword === 'package') continue;
    if (keyword === 'config') {
      const count = anonymous.get(first) ?? 0;
      const name = second ?? `cfg_${first.replace(/[^A-Za-z0-9_]/g, '_')}_${count}`;
      if (second === undefined) anonymous.set(first, count + 1);
      current = { [SECTION_TYPE_KEY]: first };
      file[name] = current;
      continue;
    }
    if (!current || second === undefined) return null;
    if (keyword === 'option') current[first] = second;
    else if (keyword === 'list') {
      const list = current[first];
      current[first] = Array.isArray(list) ? [...list, second] : [second];
    } else return null;
  }
  return file;
};
