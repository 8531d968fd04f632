#!/usr/bin/env node
// Initial JavaScript of the console: the entry script plus every chunk index.html preloads, gzip
// sizes from the built dist/. Lazy chunks (maps, charts, terminals) are not counted: they load
// when a page needs them. `--max-kb N` fails the run above N KB gzip (issue 6: 250 KB).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export function initialJavaScript(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => match[1]);
  const files = [...new Set(refs)].map((ref) => {
    const bytes = readFileSync(join(distDir, ref.replace(/^\//, '')));
    return { file: ref, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = files.reduce(
    (sum, f) => ({ bytes: sum.bytes + f.bytes, gzip: sum.gzip + f.gzip }),
    {
      bytes: 0,
      gzip: 0,
    },
  );
  return { files, ...total };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const distDir = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
  const maxIndex = process.argv.indexOf('--max-kb');
  const maxKb = maxIndex > 0 ? Number(process.argv[maxIndex + 1]) : Number.POSITIVE_INFINITY;
  const { files, bytes, gzip } = initialJavaScript(distDir);
  for (const f of files) console.log(`${(f.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${f.file}`);
  const kb = gzip / 1024;
  console.log(
    `initial JavaScript: ${(bytes / 1024).toFixed(1)} KB, ${kb.toFixed(1)} KB gzip (limit ${maxKb} KB)`,
  );
  if (kb > maxKb) {
    console.error(`Initial JavaScript is ${kb.toFixed(1)} KB gzip, over the ${maxKb} KB budget.`);
    process.exit(1);
  }
}
