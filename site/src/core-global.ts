// The core as the pages see it: assets/omlint-core.js sets this global (a classic script).
import type * as Core from './core';

export type OmlintCore = typeof Core;

export function core(): OmlintCore {
  const c = (globalThis as { OmlintCore?: OmlintCore }).OmlintCore;
  if (!c) throw new Error('omlint-core.js did not load');
  return c;
}
