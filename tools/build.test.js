// The compiled start (scripts/build): what counts as a change, and that the bundles run.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentHash, inputFiles, quickHash } from '../scripts/build/fingerprint.mjs';
import { ensureBuilt, isFresh } from '../scripts/build/index.mjs';
import { ROOT } from '../scripts/build/targets.mjs';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

const tree = (files) => {
  root = mkdtempSync(join(tmpdir(), 'nf-build-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return (inputs) => inputFiles(root, inputs);
};

describe('build inputs', () => {
  it('are the sources, without tests, dependencies or outputs', () => {
    const files = tree({
      'src/a.ts': 'a',
      'src/a.test.ts': 't',
      'src/test/setup.ts': 's',
      'src/node_modules/x.js': 'x',
      'src/dist/b.js': 'b',
      'package.json': '{}',
    });
    expect(files(['src', 'package.json', 'missing']).map((f) => f.slice(root.length))).toEqual([
      '/package.json',
      '/src/a.ts',
    ]);
  });

  it('change content hash with content, and quick hash with times alone', () => {
    const files = tree({ 'src/a.ts': 'one' });
    const before = {
      quick: quickHash(root, files(['src'])),
      content: contentHash(root, files(['src'])),
    };
    utimesSync(join(root, 'src/a.ts'), new Date(2000, 1, 1), new Date(2000, 1, 1));
    expect(quickHash(root, files(['src']))).not.toBe(before.quick);
    expect(contentHash(root, files(['src']))).toBe(before.content);
    writeFileSync(join(root, 'src/a.ts'), 'two');
    expect(contentHash(root, files(['src']))).not.toBe(before.content);
  });
});

describe('the compiled commands', () => {
  it('build once, then run from dist without TypeScript', async () => {
    await ensureBuilt(['server', 'agent']);
    expect(isFresh('server')).toBe(true);
    expect(isFresh('agent')).toBe(true);
    const run = (bin) =>
      execFileSync(process.execPath, [join(ROOT, bin), '--help'], { encoding: 'utf8' });
    expect(run('apps/server/bin/netfleet.mjs')).toContain('netfleet <command>');
    expect(run('apps/agent/bin/netfleet-sim.mjs')).toContain('netfleet-sim --devices N');
    expect(run('apps/agent/bin/netfleet-agent.mjs')).toMatch(/netfleet-agent/);
  }, 120_000);
});
