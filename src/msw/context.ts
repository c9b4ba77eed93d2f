/** What every provider's handlers are built from: the world they serve and the checked options. */
import type { ResolvedMockOptions } from './options.js';
import type { ProviderWorld } from '../emulator/seam.js';

/** The world and options a provider's handlers close over. */
export interface MockContext {
  readonly world: ProviderWorld;
  readonly options: ResolvedMockOptions;
}
