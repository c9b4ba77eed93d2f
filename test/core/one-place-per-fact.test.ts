import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  apiTokenFromEnv,
  base62,
  BASE62_ALPHABET,
  defaultBaseUrl,
  DEFAULT_BASE_URL,
  EXECUTION_STATUSES,
  isExecutionStatus,
  isSettled,
  isSuccessStatus,
  mountPath,
  randomBase62,
  serviceBaseUrl,
  unknownProviderMessage,
} from '../../src/core/index.js';

describe('base URL', () => {
  it('is the spec’s http://localhost:3000 when nothing names one', () => {
    expect(DEFAULT_BASE_URL).toBe('http://localhost:3000');
    expect(serviceBaseUrl({})).toEqual({ url: 'http://localhost:3000', from: 'the default' });
    expect(defaultBaseUrl({})).toBe('http://localhost:3000');
  });

  it('takes SERVICE_BASE_URL in the CLI’s order, never RELAYKIT_SERVICE_URL', () => {
    const env = { SERVICE_BASE_URL: 'http://a:1', RELAYKIT_SERVICE_URL: 'http://plugin:2' };
    expect(serviceBaseUrl(env)).toEqual({ url: 'http://a:1', from: 'SERVICE_BASE_URL' });
    expect(serviceBaseUrl({ RELAYKIT_SERVICE_URL: 'http://plugin:2' }).from).toBe('the default');
  });

  it('lets the Vitest plugin’s service win in the harness', () => {
    expect(defaultBaseUrl({ SERVICE_BASE_URL: 'http://a:1', RELAYKIT_SERVICE_URL: 'http://plugin:2' })).toBe('http://plugin:2');
    expect(defaultBaseUrl({ SERVICE_BASE_URL: 'http://a:1', RELAYKIT_SERVICE_URL: '' })).toBe('http://a:1');
  });

  it('reads an empty RELAY_API_TOKEN as none', () => {
    expect(apiTokenFromEnv({ RELAY_API_TOKEN: '' })).toBeUndefined();
    expect(apiTokenFromEnv({ RELAY_API_TOKEN: 't' })).toBe('t');
  });
});

describe('paths', () => {
  it('mounts a provider at /api/webhook/<id> and names the executions API', () => {
    expect(mountPath('stripe')).toBe('/api/webhook/stripe');
    expect(apiPaths.executions({ type: 'stripe.*', limit: 5 })).toBe('/api/executions?type=stripe.*&limit=5');
    expect(apiPaths.executions()).toBe('/api/executions');
    expect(apiPaths.replay('exec_1/x')).toBe('/api/executions/exec_1%2Fx/replay');
    expect(apiPaths.retry('exec_1')).toBe('/api/executions/exec_1/retry');
  });
});

describe('statuses', () => {
  it('lists an execution’s statuses in order and knows the settled ones', () => {
    expect(EXECUTION_STATUSES).toEqual(['pending', 'running', 'completed', 'failed']);
    expect(isExecutionStatus('running')).toBe(true);
    expect(isExecutionStatus('done')).toBe(false);
    expect(['pending', 'running', 'completed', 'failed'].filter(isSettled)).toEqual(['completed', 'failed']);
  });

  it('counts 200 to 299 as success', () => {
    expect([199, 200, 204, 299, 300, 404].map(isSuccessStatus)).toEqual([false, true, true, true, false, false]);
  });
});

describe('base62', () => {
  it('draws each character from the caller’s digits', () => {
    const digits = [0, 10, 36, 61];
    expect(base62(4, () => digits.shift()!)).toBe('0Aaz');
    expect(BASE62_ALPHABET).toHaveLength(62);
  });

  it('makes random ids of the length asked, in the alphabet', () => {
    for (const length of [0, 1, 24, 300]) {
      const id = randomBase62(length);
      expect(id).toHaveLength(length);
      expect(id).toMatch(/^[0-9A-Za-z]*$/);
    }
  });
});

describe('unknownProviderMessage', () => {
  it('names the id, the closest match and what is offered', () => {
    expect(unknownProviderMessage('strip', { suggestFrom: ['stripe', 'github'], lists: [['Built-in', ['stripe', 'github']]] })).toBe(
      'Unknown provider "strip". Did you mean "stripe"? Built-in: stripe, github.',
    );
    expect(unknownProviderMessage('x', { context: 'for the provider world', lists: [['Mocked', ['stripe']]] })).toBe(
      'Unknown provider "x" for the provider world. Mocked: stripe.',
    );
  });
});
