/**
 * The URLs of every GitHub catalog type name their object as GitHub's REST API does: issues, pull
 * requests, milestones and alerts by number, labels by name, advisories by GHSA id, the rest by id;
 * alerts under their product, review comments under `pulls/comments`, a deployment status under its
 * deployment. Ids are integers, and a top-level `<object>_id` is that object's id.
 */
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { getProvider } from '../../src/providers/index.js';
import { keyOf, objects } from '../support/json.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const types = getProvider('github').catalog.eventTypes;
const bodies = await Promise.all(
  types.flatMap((type) => [1, 2].map(async (seed) => ({ type, seed, body: JSON.parse((await buildDelivery('github', type, { secret: 's', seed })).body) as Record<string, Json> }))),
);

/** What the URL of an object must end with, by the route its URL takes. */
function expectedTail(url: string, o: Record<string, Json>): string | undefined {
  if (/\/(issues|pulls|milestones|alerts)\/\d+$/.test(url) && typeof o.number === 'number') return `/${o.number}`;
  if (/\/labels\/[^/]+$/.test(url) && typeof o.name === 'string') return `/labels/${encodeURIComponent(o.name)}`;
  if (url.includes('/security-advisories/') && typeof o.ghsa_id === 'string') return `/${o.ghsa_id}`;
  if (/\/(check-runs|check-suites|comments|statuses|actions\/runs|actions\/jobs|deployments)\/\d+$/.test(url) && typeof o.id === 'number') return `/${o.id}`;
  return undefined;
}

describe('GitHub URLs and ids, every catalog type, seeds 1 and 2', () => {
  it("every object's url is an https URL on its REST route, naming the object as GitHub does", () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { type, seed, body } of bodies) {
      for (const [path, o] of objects<Record<string, Json>>(body)) {
        const key = keyOf(path);
        if (typeof o.url !== 'string') continue;
        if (!o.url.startsWith('https://')) failures.push(`${type} seed ${seed} ${key}.url is ${JSON.stringify(o.url)}`);
        if (/\/(repository-advisorys|deployment-status|pull-requests|sub-issues|parent-issues|blocked-issues)\//.test(o.url)) failures.push(`${type} ${key}.url ${o.url} is no REST route`);
        if (key === 'alert' && !/\/(code-scanning|dependabot|secret-scanning)\/alerts\/\d+$/.test(o.url)) failures.push(`${type} alert.url ${o.url}`);
        const tail = expectedTail(o.url, o);
        if (tail !== undefined) {
          checked++;
          if (!o.url.endsWith(tail)) failures.push(`${type} seed ${seed} ${key}.url ${o.url} does not end with ${tail}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // 477 URLs with a known route over the 522 bodies when this was written: the check is not vacuous.
    expect(checked).toBeGreaterThan(400);
  });

  it('ids are integers, and a top-level <object>_id is that object’s id', () => {
    const failures: string[] = [];
    for (const { type, seed, body } of bodies) {
      for (const [path, o] of objects<Record<string, Json>>(body)) {
        for (const [k, v] of Object.entries(o)) {
          if ((k === 'id' || k.endsWith('_id')) && typeof v === 'number' && !Number.isInteger(v)) failures.push(`${type} seed ${seed} ${path}.${k} is ${v}`);
        }
      }
      for (const [k, v] of Object.entries(body)) {
        const named = body[k.slice(0, -3)];
        if (k.endsWith('_id') && typeof v === 'number' && named && typeof named === 'object' && !Array.isArray(named) && named.id !== v) {
          failures.push(`${type} seed ${seed} ${k} ${v} is not ${k.slice(0, -3)}.id ${String(named.id)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
