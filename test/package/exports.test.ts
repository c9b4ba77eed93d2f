/**
 * The package as users receive it: the built `dist/` reached through the package name (Node's
 * self-reference resolves `relaykit/*` through the `exports` map) and the `relay` bin.
 */
import { execFile, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const exec = promisify(execFile);

async function importInNode(source: string): Promise<string> {
  const { stdout } = await exec(process.execPath, ['--input-type=module', '-e', source], { cwd: root });
  return stdout.trim();
}

describe('package exports (built output)', () => {
  it('exposes buildDelivery from relaykit and it signs a verifiable delivery', async () => {
    const out = await importInNode(`
      import { buildDelivery } from 'relaykit';
      import { stripe } from 'relaykit/signers';
      const d = await buildDelivery('stripe', 'charge.succeeded', { secret: 'whsec_x', seed: 1, timestamp: 1767225600000 });
      console.log(JSON.stringify(stripe.verify({ headers: d.headers, body: d.body, secret: 'whsec_x', now: 1767225600000 })));
    `);
    expect(JSON.parse(out)).toEqual({ ok: true });
  });

  it('exposes the providers entry with the five built-ins', async () => {
    const out = await importInNode(`
      import { builtInProviderIds, definePlugin, permissiveVerify } from 'relaykit/providers';
      console.log(builtInProviderIds.join(','), typeof definePlugin, typeof permissiveVerify);
    `);
    expect(out).toBe('stripe,github,clerk,shopify,resend function function');
  });

  it('ships type declarations for every entry of the exports map', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, { types?: string; import?: string } | string>;
    };
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      await expect(readFile(path.join(root, target.import!), 'utf8'), entry).resolves.toBeTruthy();
      await expect(readFile(path.join(root, target.types!), 'utf8'), entry).resolves.toContain('export');
    }
  });

  it('runs the relay bin with node', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { bin: { relay: string }; version: string };
    const { stdout } = await exec(process.execPath, [path.join(root, pkg.bin.relay), '--version'], { cwd: root });
    expect(stdout).toContain(`relay/${pkg.version}`);
    const events = await exec(process.execPath, [path.join(root, pkg.bin.relay), 'events', 'clerk'], { cwd: root });
    expect(events.stdout.split('\n')).toContain('user.created');
  });

  it('exits 2 from the bin for an unknown provider, without a stack trace', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { bin: { relay: string } };
    const error = await exec(process.execPath, [path.join(root, pkg.bin.relay), 'events', 'stripee'], { cwd: root }).catch((e) => e);
    expect(error.code).toBe(2);
    expect(error.stderr).toBe('relay: Unknown provider "stripee". Did you mean "stripe"? Built-in: stripe, github, clerk, shopify, resend.\n');
  });

  it('exits quietly when its reader closes early (relay events | head -1)', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { bin: { relay: string } };
    const child = spawn(process.execPath, [path.join(root, pkg.bin.relay), 'events'], { cwd: root });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
