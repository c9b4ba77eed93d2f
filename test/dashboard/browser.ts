/**
 * Real headless Chromium for the dashboard's tests: Debian's `chromium` package (installed with apt
 * when missing, as CI runs as root on a clean machine) driven by playwright-core. If it cannot be
 * installed or started, the caller's `beforeAll` throws and the tests fail; they never skip.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium binary, installed with apt first when there is none. Idempotent; instant when present. */
export function ensureChromium(): string {
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error('Chromium is not installed and this process is not root, so it cannot install it: run `apt-get install -y chromium`.');
  }
  const apt = (...args: string[]) => execFileSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, timeout: 280_000 });
  try {
    apt('install', '-y', '--no-install-recommends', 'chromium');
  } catch {
    apt('update');
    apt('install', '-y', '--no-install-recommends', 'chromium');
  }
  const installed = CANDIDATES.find((path) => existsSync(path));
  if (!installed) throw new Error('apt-get installed chromium, but no binary is at /usr/bin/chromium.');
  return installed;
}

/** Flags that let Chromium start in this sandbox without reaching out to the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * Launches headless Chromium (Playwright gives it a fresh, empty profile). `extraArgs` e.g. map a
 * foreign host name to loopback, as a DNS rebinding attack would.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = ensureChromium();
  return chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs], timeout: 60_000 });
}
