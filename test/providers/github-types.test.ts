/**
 * `GitHubEventData` (src/providers/github/generated/data-types.ts), the type of each GitHub event's
 * whole body, written by the generator from the official schema: every built body (one seed of every
 * type) satisfies its own entry, and a misspelt or mistyped field does not (negative controls).
 */
import { describe, expect, it } from 'vitest';
import { builder } from '../../src/providers/github/build.js';
import { githubEventTypes, handBuiltEventTypes } from '../../src/providers/github/catalog.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { typecheck } from '../support/typecheck.js';

type Json = Record<string, any>;
const now = Date.UTC(2026, 10, 21, 16, 29, 56);
const header = `import type { GitHubEventData } from '../../src/providers/github/generated/data-types.js';\n`;

function payload(eventType: string, seed: number): Json {
  return JSON.parse(builder.build({ eventType, faker: seededFaker(seed), now, data: undefined }).body) as Json;
}

/** One `export const` per payload, a line each, so a diagnostic's line names the type. */
function source(entries: readonly [string, unknown][]): string {
  return header + entries.map(([type, body], i) => `export const e${i} = ${JSON.stringify(body)} satisfies GitHubEventData[${JSON.stringify(type)}];\n`).join('');
}

describe('GitHubEventData', () => {
  it('types the body of every catalog type as it is built', () => {
    // Hand-built bodies may carry keys the schema does not list (GitHub sends more than it documents); drawn ones carry exactly the schema's.
    const diagnostics = typecheck({ 'test/.generated/github-data.ts': source(githubEventTypes.map((type) => [type, payload(type, 1)])) });
    const typeAt = (d: string) => githubEventTypes[Number(/github-data\.ts:(\d+):/.exec(d)?.[1]) - 2];
    const allowed = (d: string) => /Object literal may only specify known properties/.test(d) && (handBuiltEventTypes as readonly string[]).includes(typeAt(d)!);
    expect(diagnostics.filter((d) => !allowed(d))).toEqual([]);
    expect(githubEventTypes).toHaveLength(261);
  }, 120_000);

  it('rejects a misspelt key, a mistyped value and a missing required key (negative controls)', () => {
    const misspelt = payload('label.created', 2);
    misspelt.label = { ...misspelt.label, colour: 'ff0000' };
    const mistyped = payload('issues.reopened', 2);
    mistyped.issue = { ...mistyped.issue, number: '7' };
    const missing = payload('deployment_status.created', 2);
    delete missing.deployment_status;
    const diagnostics = typecheck({
      'test/.generated/github-bad-data.ts': source([
        ['label.created', misspelt],
        ['issues.reopened', mistyped],
        ['deployment_status.created', missing],
      ]),
    }).join('\n');
    expect(diagnostics).toMatch(/github-bad-data\.ts:2:\d+ .*colour/s);
    expect(diagnostics).toMatch(/github-bad-data\.ts:3:\d+ .*number/s);
    expect(diagnostics).toMatch(/github-bad-data\.ts:4:\d+ .*deployment_status/s);
  }, 60_000);
});
