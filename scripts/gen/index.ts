/**
 * `npm run gen [provider…]`: re-reads the providers' official schemas (devDependencies) and rewrites
 * each provider's generated modules under `src/providers/<id>/generated/`. With no argument, every
 * provider. Each `scripts/gen/<id>.ts` exports `generate()`.
 */
import { builtInProviderIds } from '../../src/providers/index.js';

// The registry is the one list of providers: each built-in has its scripts/gen/<id>.ts.
const PROVIDERS = builtInProviderIds;

const asked = process.argv.slice(2);
const unknown = asked.filter((id) => !PROVIDERS.includes(id));
if (unknown.length > 0) {
  console.error(`npm run gen: unknown provider ${unknown.join(', ')}; expected any of ${PROVIDERS.join(', ')}.`);
  process.exit(2);
}
for (const id of asked.length > 0 ? asked : PROVIDERS) {
  const started = performance.now();
  const { generate } = (await import(`./${id}.ts`)) as { generate: () => void | Promise<void> };
  try {
    await generate();
  } catch (error) {
    // A missing source (a snapshot path not given) is the user's to fix: its message, not a stack.
    console.error(`npm run gen ${id}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`gen ${id}: ${Math.round(performance.now() - started)} ms`);
}
