// A deliberately small Markdown reader for CHANGELOG.md: headings and list items only (the file's
// other lines are prose for the repository). Everything is returned as plain text, so nothing in
// the file can reach the page as markup.

export type ChangelogBlock =
  { kind: 'heading'; level: number; text: string } | { kind: 'list'; items: string[] };

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const LIST_ITEM = /^\s*[-*+]\s+(.+)$/;

export function parseChangelog(markdown: string): ChangelogBlock[] {
  const blocks: ChangelogBlock[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading?.[1] && heading[2]) {
      blocks.push({ kind: 'heading', level: heading[1].length, text: heading[2] });
      continue;
    }
    const item = LIST_ITEM.exec(line)?.[1];
    if (item === undefined) continue;
    const last = blocks.at(-1);
    if (last?.kind === 'list') last.items.push(item.trim());
    else blocks.push({ kind: 'list', items: [item.trim()] });
  }
  return blocks;
}

export type InlinePart = { code: boolean; text: string };

/** Splits `code spans` out of a line; the rest stays literal text. */
export function splitInlineCode(text: string): InlinePart[] {
  return text
    .split(/(`[^`]+`)/)
    .filter((part) => part !== '')
    .map((part) =>
      part.length > 2 && part.startsWith('`') && part.endsWith('`')
        ? { code: true, text: part.slice(1, -1) }
        : { code: false, text: part },
    );
}
