/**
 * GitHub GraphQL node ids as REST and webhook payloads carry them. Two formats are live: the legacy
 * one, base64 of `0<type length>:<Type><id>` (`MDQ6VXNlcjIxMDMxMDY3` is `04:User21031067`), kept for
 * objects created before the switch, and the current one, `<prefix>_` + base64url of a MessagePack
 * array `[0, …database ids]` (`U_kgDOBAmGVA`, `PR_kwDOKnF0m85m3F6B`).
 */

/** Legacy node id: `legacyNodeId('User', 21031067)` is `MDQ6VXNlcjIxMDMxMDY3`. */
export function legacyNodeId(type: string, id: number): string {
  return btoa(`0${type.length}:${type}${id}`);
}

/**
 * Current node id: `nodeId('U', [67733076])` is `U_kgDOBAmGVA`; several ids nest (repository, then
 * object). `head` is the array's first element: 0 for most types, 2 for workflow runs (`WFR_kwLO…`).
 */
export function nodeId(prefix: string, ids: readonly number[], head = 0): string {
  const bytes = [0x90 | (ids.length + 1), head];
  for (const id of ids) packUint(id, bytes);
  return `${prefix}_${base64url(bytes)}`;
}

/** A commit's node id: `C_` + `[0, repository id, the 20 SHA bytes]`. */
export function commitNodeId(repositoryId: number, sha: string): string {
  const bytes = [0x93, 0];
  packUint(repositoryId, bytes);
  bytes.push(0xc4, sha.length / 2);
  for (let i = 0; i < sha.length; i += 2) bytes.push(Number.parseInt(sha.slice(i, i + 2), 16));
  return `C_${base64url(bytes)}`;
}

function base64url(bytes: readonly number[]): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A non-negative integer in MessagePack's smallest unsigned encoding. */
function packUint(value: number, out: number[]): void {
  if (value < 0x80) out.push(value);
  else if (value < 0x100) out.push(0xcc, value);
  else if (value < 0x10000) out.push(0xcd, value >>> 8, value & 0xff);
  else if (value < 0x1_0000_0000) out.push(0xce, ...bytes32(value));
  else out.push(0xcf, ...bytes32(Math.floor(value / 0x1_0000_0000)), ...bytes32(value >>> 0));
}

function bytes32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}
