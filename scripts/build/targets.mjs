// What `npm start` runs compiled: the web app (Vite), the server and the agent (esbuild bundles of
// their TypeScript with contracts and openvpn-hub inside; npm packages stay external imports).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

const SHARED_INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'scripts/build',
];

/** Bare imports stay imports (node_modules); our workspace packages are TypeScript: bundle them. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@/') || args.path.startsWith('@netfleet/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const bundle = async (packageDir, entryPoints) => {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: join(ROOT, packageDir),
    entryPoints,
    outdir: 'dist',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    tsconfig: 'tsconfig.json',
    plugins: [externalPackages],
    sourcemap: 'linked',
    // Stack traces and logs keep the names of functions and classes (errors are matched by name).
    keepNames: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
};

export const TARGETS = {
  web: {
    output: 'apps/web/dist',
    inputs: [
      ...SHARED_INPUTS,
      'apps/web/src',
      'apps/web/public',
      'apps/web/brands',
      'apps/web/vite-plugins',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/tsconfig.json',
    ],
    build: async () => {
      // Vite in its own process: its memory is returned before the server starts.
      const result = spawnSync('npm', ['run', 'build', '-w', '@netfleet/web'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('the web app did not build');
    },
  },
  server: {
    output: 'apps/server/dist',
    inputs: [
      ...SHARED_INPUTS,
      'packages/openvpn-hub/src',
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsconfig.json',
    ],
    build: () =>
      bundle('apps/server', {
        server: 'src/server.ts',
        netfleet: 'src/cli/netfleet.ts',
        'broker-worker': 'src/plugins/broker-worker.ts',
        'seed-demo': 'src/cli/seed-demo.ts',
      }),
  },
  agent: {
    output: 'apps/agent/dist',
    inputs: [
      ...SHARED_INPUTS,
      'packages/openvpn-hub/src',
      'apps/agent/src',
      'apps/agent/package.json',
      'apps/agent/tsconfig.json',
    ],
    build: () => bundle('apps/agent', { agent: 'src/cli/agent.ts', sim: 'src/cli/sim.ts' }),
  },
};
