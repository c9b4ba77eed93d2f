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

  it('ships a module and type declarations for every entry and format of the exports map', async () => {
    type Target = { types: string; default: string };
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, { types?: string; import: string | Target; require?: Target } | string>;
    };
    const formats: string[] = [];
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      // The Vitest entries are ESM only ({ types, import }); the others { import: { types, default }, require: { types, default } }.
      const each: [string, Target][] =
        typeof target.import === 'string' ? [['import', { types: target.types!, default: target.import }]] : [['import', target.import], ['require', target.require!]];
      for (const [condition, { types, default: file }] of each) {
        formats.push(`${entry} ${condition} ${path.extname(file)} ${types.slice(types.indexOf('.d.'))}`);
        await expect(readFile(path.join(root, file), 'utf8'), entry).resolves.toBeTruthy();
        await expect(readFile(path.join(root, types), 'utf8'), entry).resolves.toContain('export');
      }
    }
    expect(formats.filter((line) => line.includes(' require '))).toEqual(
      ['.', './signers', './providers', './jest', './jest/setup', './jest/global-setup', './jest/global-teardown', './node-test', './fast-check', './msw', './emulator', './store-contract'].map(
        (entry) => `${entry} require .cjs .d.cts`,
      ),
    );
    expect(formats.filter((line) => line.includes(' import ')).every((line) => line.endsWith(' import .js .d.ts'))).toBe(true);
  });

  it('gives Node10 resolution (which reads no exports) the same types: main, types and typesVersions', async () => {
    type Target = { types: string; default: string };
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      main: string;
      types: string;
      typesVersions: { '*': Record<string, string[]> };
      exports: Record<string, { types?: string; import: string | Target; require?: Target } | string>;
    };
    const expected: Record<string, string[]> = {};
    for (const [entry, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string' || entry === '.') continue;
      expected[entry.slice(2)] = [target.require?.types ?? target.types!];
    }
    expect(pkg.typesVersions['*']).toEqual(expected);
    const main = pkg.exports['.'] as { require: Target };
    expect([pkg.main, pkg.types]).toEqual([main.require.default, main.require.types]);
  });

  it('requires relaykit, its providers and relaykit/node-test from CommonJS, and signs the same bytes as the ESM build', async () => {
    const sign = `const d = await buildDelivery('stripe', 'charge.succeeded', { secret: 'whsec_x', seed: 1, timestamp: 1767225600000 });
      console.log(JSON.stringify([d.body.length, d.headers['Stripe-Signature']]));`;
    const { stdout } = await exec(
      process.execPath,
      ['-e', `const { buildDelivery } = require('relaykit'); const nodeTest = require('relaykit/node-test');
        const { builtInProviderIds } = require('relaykit/providers');
        (async () => { console.log(builtInProviderIds.length, typeof nodeTest.assertAccepted, typeof nodeTest.useRelay); ${sign} })();`],
      { cwd: root },
    );
    const [counts, cjsDelivery] = stdout.trim().split('\n');
    expect(counts).toBe('5 function function');
    expect(cjsDelivery).toBe(await importInNode(`import { buildDelivery } from 'relaykit'; ${sign}`));
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
