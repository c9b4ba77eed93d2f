import { describe, expect, it } from 'vitest';
import { getProvider } from '../../src/providers/index.js';
import { run } from './run.js';

describe('relay events', () => {
  it('prints one event type a line for a provider', async () => {
    const result = await run(['events', 'github']);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n')).toEqual([...getProvider('github').catalog.eventTypes]);
    expect(result.stderr).toBe('');
  });

  it('groups every provider under a heading with its count and secret variable', async () => {
    const result = await run(['events']);
    expect(result.code).toBe(0);
    for (const id of ['stripe', 'github', 'clerk', 'shopify', 'resend']) {
      const provider = getProvider(id);
      expect(result.stdout).toContain(`${id} (${provider.catalog.eventTypes.length})  ${provider.secretEnv}`);
    }
    expect(result.stdout).toContain('\n  orders/create\n');
  });

  it('prints the catalog as JSON with --json', async () => {
    const result = await run(['events', 'resend', '--json']);
    expect(JSON.parse(result.stdout)).toEqual({ resend: getProvider('resend').catalog.eventTypes });
  });

  it('exits 2 with the closest match for an unknown provider, on stderr only', async () => {
    const result = await run(['events', 'githb']);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe('relay: Unknown provider "githb". Did you mean "github"? Built-in: stripe, github, clerk, shopify, resend.\n');
  });

  it('colors headings only on a TTY and never with NO_COLOR', async () => {
    expect((await run(['events'], {}, true)).stdout).toContain('\u001b[1mstripe');
    expect((await run(['events'], { NO_COLOR: '1' }, true)).stdout).not.toContain('\u001b[');
    expect((await run(['events'], {}, false)).stdout).not.toContain('\u001b[');
  });
});

describe('relay', () => {
  it('prints help listing the commands', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage:\n {2}\$ relay/);
    expect(result.stdout).toContain('events [provider]');
  });

  it('prints command help with examples', async () => {
    const result = await run(['events', '--help']);
    expect(result.stdout).toContain('--json');
    expect(result.stdout).toContain('$ relay events github');
  });

  it('prints its version', async () => {
    const { version } = await import('../../package.json');
    expect((await run(['--version'])).stdout).toContain(`relay/${version}`);
  });

  it('exits 2 for an unknown command and lists the commands', async () => {
    const result = await run(['triger', 'stripe']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^relay: unknown command "triger"\. Commands: events/);
  });

  it('exits 2 for an unknown option', async () => {
    const result = await run(['events', '--jsn']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown option `--jsn`');
  });
});
