/**
 * Whether a store's file is still the file the store opened. A file removed or replaced while the store is open (a
 * `rm -rf .relay`) would take every later write with it: the store stops taking writes once this finds it so.
 */
import { statSync } from 'node:fs';

/** How often a watched file is looked at between commits, ms. */
const LOST_CHECK_MS = 1000;

/** @internal The file a store opened (device and inode), looked at after each commit and, while someone listens, every second. */
export class FileWatch {
  readonly #path: string;
  /** `undefined` for a store in memory, which has no file to lose. */
  readonly #file: { readonly dev: number; readonly ino: number } | undefined;
  /** Why the store stopped taking writes: its file was removed or replaced. */
  #lost: Error | undefined;
  readonly #listeners = new Set<(error: Error) => void>();
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  /** Watches the file now at `path` (it must exist), or nothing when `file` is false. */
  constructor(path: string, file: boolean) {
    this.#path = path;
    if (file) {
      const { dev, ino } = statSync(path);
      this.#file = { dev, ino };
    }
  }

  /** Whether there is a file to watch. */
  get watching(): boolean {
    return this.#file !== undefined;
  }

  /** The error every write fails with once the file is lost; `undefined` until then. */
  get lost(): Error | undefined {
    return this.#lost;
  }

  /** Looks at the path now: the error once it no longer leads to the file opened, else `undefined`. */
  check(): Error | undefined {
    if (this.#lost || !this.#file) return this.#lost;
    const found = statSync(this.#path, { throwIfNoEntry: false });
    if (found && found.dev === this.#file.dev && found.ino === this.#file.ino) return undefined;
    // Writes would go on into a file no other process can open any more, and be lost with it.
    const lost = new Error(
      `The relay store ${this.#path} was ${found ? 'replaced by another file' : 'removed'} while this service used it; ` +
        'deliveries from then on were refused (5xx), none acknowledged. Start the service again to use the file now at that path.',
    );
    lost.name = 'StoreLost';
    this.#lost = lost;
    this.#stopTimer();
    for (const listener of this.#listeners) listener(lost);
    this.#listeners.clear();
    return lost;
  }

  /** Calls `listener` once when the file is found lost (at once if it is); returns a function that removes it. */
  onLost(listener: (error: Error) => void): () => void {
    if (this.#lost) {
      listener(this.#lost);
      return () => undefined;
    }
    this.#listeners.add(listener);
    if (this.#file && !this.#timer && !this.#stopped) this.#timer = setInterval(() => this.check(), LOST_CHECK_MS).unref();
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.#stopTimer();
    };
  }

  /** Stops looking (the store closed). */
  stop(): void {
    this.#stopped = true;
    this.#stopTimer();
  }

  #stopTimer(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
