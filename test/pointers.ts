// Every JSON pointer of a value, the root first (objects and arrays included): the tests that
// compare two position sources ask both about each one.
import { joinPointer } from '../src/core/pointer';

export function allPointers(value: unknown, base = '', out: string[] = []): string[] {
  out.push(base);
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) allPointers(v, joinPointer(base, k), out);
  }
  return out;
}
