// RFC 6901 JSON pointers.
export function escapeToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  // Almost no key holds ~ or /: skip the two replacements (pointers are built by the million).
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
export function unescapeToken(token: string): string {
  if (!token.includes('~')) return token;
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
export function joinPointer(base: string, ...tokens: (string | number)[]): string {
  let p = base;
  for (const t of tokens) p += '/' + escapeToken(t);
  return p;
}
export function splitPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return pointer === '/' ? [''] : [];
  return pointer.slice(1).split('/').map(unescapeToken);
}
export function parentPointer(pointer: string): string {
  const i = pointer.lastIndexOf('/');
  return i <= 0 ? '' : pointer.slice(0, i);
}
export function lastToken(pointer: string): string {
  return unescapeToken(pointer.slice(pointer.lastIndexOf('/') + 1));
}
/** The value at a pointer, or undefined. */
export function getAt(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  // The root's key (most reports and places name one): read without splitting the pointer.
  if (pointer.charCodeAt(0) === 47 && pointer.indexOf('/', 1) < 0 && pointer.indexOf('~', 1) < 0) {
    if (value === null || typeof value !== 'object') return undefined;
    const key = pointer.slice(1);
    return Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  let cur: any = value;
  for (const t of splitPointer(pointer)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, t)) return undefined;
    cur = cur[t];
  }
  return cur;
}

/** Plain code-unit order: stable across machines, and free of the ICU start-up cost of localeCompare. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
