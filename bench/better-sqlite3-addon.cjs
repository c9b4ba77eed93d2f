/**
 * Preloaded (`--require`) into every server process of `npm run bench:ingest` and, through the inherited
 * execArgv, into their worker threads (relaykit's store writer and checkpointer open the file there too).
 *
 * better-sqlite3's addon in node_modules is compiled for one Node ABI. When the servers run under another
 * Node (RELAY_BENCH_NODE), the parent passes a copy built for that ABI in RELAY_BENCH_REDIRECT_ADDON, and
 * every load of `better_sqlite3.node` is pointed at it. relaykit's store and the peer load better-sqlite3
 * as they would in an app (no `nativeBinding`), so neither needs code for the benchmark.
 */
'use strict';
const { basename } = require('node:path');

const addon = process.env.RELAY_BENCH_REDIRECT_ADDON;
if (addon) {
  const dlopen = process.dlopen;
  process.dlopen = function (module, filename, ...rest) {
    return dlopen.call(this, module, basename(filename) === 'better_sqlite3.node' ? addon : filename, ...rest);
  };
}
