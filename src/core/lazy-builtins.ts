// Node builtins that only some runs need, loaded on first use: each one loaded at start-up costs
// every run, and most runs print one report of a few files (no hashing, no worker threads).
import { createRequire } from 'node:module';

let nodeRequire: NodeRequire | undefined;
const load = (id: string) => (nodeRequire ??= createRequire(import.meta.url))(id);

export const childProcess = (): typeof import('node:child_process') => load('node:child_process');
export const nodeCrypto = (): typeof import('node:crypto') => load('node:crypto');
export const nodeOs = (): typeof import('node:os') => load('node:os');
export const workerThreads = (): typeof import('node:worker_threads') => load('node:worker_threads');

/**
 * The SHA-256 of a text's UTF-8 bytes, in hex: the one hash of fingerprints and cache keys. One call
 * where Node has crypto.hash (no Hash object per fingerprint); createHash where it has not.
 */
export function sha256Hex(text: string): string {
  const crypto = nodeCrypto();
  return typeof crypto.hash === 'function' ? crypto.hash('sha256', text, 'hex') : crypto.createHash('sha256').update(text).digest('hex');
}
