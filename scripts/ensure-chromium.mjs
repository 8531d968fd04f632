// Browser tiers use Debian's Chromium (Playwright's own browser download is not reachable here);
// the remote-access desktop journey uses Debian's x11vnc on Xvfb as the device's VNC server, and the
// reports journey poppler-utils.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Installs the Debian packages whose file is missing, in one apt run. */
const ensurePackages = (packages) => {
  const missing = packages.filter(({ file }) => !existsSync(file)).map(({ name }) => name);
  if (missing.length === 0) return;
  console.log(`Not found: installing Debian packages ${missing.join(', ')}`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    { stdio: 'inherit' },
  );
};

export const ensureChromium = () =>
  ensurePackages([
    { name: 'chromium', file: CHROMIUM_PATH },
    { name: 'x11vnc', file: '/usr/bin/x11vnc' },
    { name: 'xvfb', file: '/usr/bin/Xvfb' },
    // The reports journey reads and renders the generated PDF (pdftotext, pdftoppm).
    { name: 'poppler-utils', file: '/usr/bin/pdftoppm' },
  ]);
