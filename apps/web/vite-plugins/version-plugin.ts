// Emits /version.json and /versionWorker.js (spec §7: the worker supplies version and timestamp).
// The SPA compares the worker's timestamp with the one it was built with to offer an update.
import type { Plugin } from 'vite';

export interface BuildVersion {
  version: string;
  timestamp: number;
}

const CHECK_INTERVAL_MS = 60_000;

// Plain JS on purpose: it is served as-is and runs as a dedicated worker.
const workerSource = `// Polls the deployed version so the console can offer a reload after an upgrade.
const check = async () => {
  try {
    const response = await fetch('/version.json', { cache: 'no-store' });
    if (response.ok) postMessage(await response.json());
  } catch {
    // Offline or mid-deploy: try again on the next tick.
  }
};
check();
setInterval(check, ${CHECK_INTERVAL_MS});
`;

export function versionPlugin(build: BuildVersion): Plugin {
  const versionJson = JSON.stringify(build);
  return {
    name: 'netfleet-version',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0];
        if (path === '/version.json') {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-store');
          res.end(versionJson);
        } else if (path === '/versionWorker.js') {
          res.setHeader('Content-Type', 'text/javascript');
          res.end(workerSource);
        } else {
          next();
        }
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: versionJson });
      this.emitFile({ type: 'asset', fileName: 'versionWorker.js', source: workerSource });
    },
  };
}
