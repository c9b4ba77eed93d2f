/** The one wording of "Unknown provider", whichever layer says it (the registry, the service, the mocks). */
import { closestMatches } from './suggest.js';

/** How a layer tells what it knows: the list to suggest from and the lists to show. */
export interface UnknownProviderWording {
  /** Words after the id, before the period (`for the provider world`). */
  readonly context?: string;
  /** Ids to suggest the closest of (`Did you mean "stripe"?`); none when absent. */
  readonly suggestFrom?: readonly string[];
  /** Lists shown after the sentence, each as ` <label>: a, b.` (`['Built-in', ids]`). */
  readonly lists: ReadonlyArray<readonly [label: string, items: readonly string[]]>;
}

/**
 * `Unknown provider "<id>".` with the closest match and what the layer offers instead.
 * @example
 * unknownProviderMessage('strip', { suggestFrom: ['stripe'], lists: [['Built-in', ['stripe', 'github']]] });
 * // 'Unknown provider "strip". Did you mean "stripe"? Built-in: stripe, github.'
 */
export function unknownProviderMessage(id: string, wording: UnknownProviderWording): string {
  const close = wording.suggestFrom ? closestMatches(id, wording.suggestFrom, 1) : [];
  const hint = close.length > 0 ? ` Did you mean "${close[0]}"?` : '';
  const lists = wording.lists.map(([label, items]) => ` ${label}: ${items.join(', ')}.`).join('');
  return `Unknown provider "${id}"${wording.context ? ` ${wording.context}` : ''}.${hint}${lists}`;
}
