import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * Issue 19's tunnel tier: OpenVPN hubs and clients in network namespaces (root, /dev/net/tun,
 * openvpn). The runtime files need no database; api-tunnels.test.ts builds the app on embedded
 * PGlite (or DATABASE_URL), hence the global setup's migrated template. Files run one at a time:
 * each builds namespaces and starts OpenVPN processes, and the machine has two cores.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    environment: 'node',
    include: ['test/vpn-netns/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
