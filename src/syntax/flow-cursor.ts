// Where the cursor is inside a YAML flow collection written on one line
// (`members: [{ _id: 0, host: rs0_1, votes: 1 }]`, `- { name: a, port: 1 }`): the key or value
// under it, the path below the collection, and the keys of its mapping. The line reader of
// cursor.ts hands the line's flow part here; a collection spread over several lines comes joined
// into one line (line breaks and comments turned into spaces, so columns stay offsets).

export interface FlowSpot {
  /** Pointer tokens below the flow collection that opens the scan. */
  path: string[];
  /** 'key': on a key (`key` set) or where a key goes; 'value': on a value or where one goes. */
  at: 'key' | 'value';
  key?: string;
  /** An empty place of a flow sequence (no token under the cursor): an item. */
  item: boolean;
  /** Columns of the token under the cursor (start === end: none). */
  start: number;
  end: number;
  /** Keys of the cursor's mapping, the one under the cursor excluded. */
  presentKeys: string[];
  /** The key under the cursor has its `:`. */
  hasColon: boolean;
}

interface Frame {
  map: boolean;
  /** Sequence: index of the current item. */
  index: number;
  /** Mapping: the current entry's key, and whether its `:` was met. */
  key?: string;
  colon: boolean;
  keys: string[];
}

const INDICATOR = /[,[\]{}]/;

/** End of a quoted scalar starting at `i` (after the closing quote). */
function quotedEnd(line: string, i: number): number {
  const q = line[i];
  let j = i + 1;
  while (j < line.length) {
    if (q === '"' && line[j] === '\\') j += 2;
    else if (line[j] === q) {
      if (q === "'" && line[j + 1] === "'") j += 2;
      else return j + 1;
    } else j++;
  }
  return line.length;
}

/** End of a plain scalar starting at `i`: before a flow indicator, `: `, ` #`; trailing spaces excluded. */
function plainEnd(line: string, i: number): number {
  let j = i;
  while (j < line.length) {
    const c = line[j];
    if (INDICATOR.test(c)) break;
    if (c === ':' && (j + 1 === line.length || /[\s,[\]{}]/.test(line[j + 1]))) break;
    if (c === '#' && /\s/.test(line[j - 1])) break;
    j++;
  }
  while (j > i && /\s/.test(line[j - 1])) j--;
  return j;
}

function scalarValue(raw: string): string {
  if (raw.startsWith("'")) return raw.slice(1, raw.endsWith("'") && raw.length > 1 ? -1 : undefined).replace(/''/g, "'");
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw.endsWith('"') && raw.length > 1 ? raw : `${raw}"`) as string;
    } catch {
      return raw.slice(1, raw.endsWith('"') ? -1 : undefined);
    }
  }
  return raw;
}

const pathOf = (stack: Frame[]) => stack.slice(1).map((_, i) => {
  const parent = stack[i];
  return parent.map ? parent.key ?? '' : String(parent.index);
});

/** Keys of the mapping whose `{` is at `open` (nested collections skipped). */
function keysOf(line: string, open: number): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = true;
  for (let i = open; i < line.length; ) {
    const c = line[i];
    if (c === '{' || c === '[') {
      depth++;
      i++;
    } else if (c === '}' || c === ']') {
      if (--depth === 0) break;
      i++;
    } else if (c === ',') {
      if (depth === 1) expectKey = true;
      i++;
    } else if (c === ':' && depth === 1) {
      expectKey = false;
      i++;
    } else if (c === '#' && /\s/.test(line[i - 1])) break;
    else if (/\s/.test(c)) i++;
    else {
      const end = c === '"' || c === "'" ? quotedEnd(line, i) : Math.max(i + 1, plainEnd(line, i));
      if (depth === 1 && expectKey) keys.push(scalarValue(line.slice(i, end)));
      i = end;
    }
  }
  return keys;
}

/** The spot at column `col` of `line`, in the flow collection opening at column `open` (`[` or `{`). */
export function flowSpot(line: string, open: number, col: number): FlowSpot | undefined {
  if (col <= open || (line[open] !== '[' && line[open] !== '{')) return undefined;
  const stack: Frame[] = [];
  const opens: number[] = [];
  const gap = (): FlowSpot | undefined => {
    const top = stack[stack.length - 1];
    if (!top) return undefined;
    const path = pathOf(stack);
    const base = { start: col, end: col, hasColon: false };
    if (!top.map) return { ...base, path: [...path, String(top.index)], at: 'key', item: true, presentKeys: [] };
    if (top.colon && top.key !== undefined) return { ...base, path: [...path, top.key], at: 'value', item: false, presentKeys: [] };
    return { ...base, path, at: 'key', item: false, presentKeys: keysOf(line, opens[opens.length - 1]) };
  };
  let i = open;
  while (i < line.length) {
    const c = line[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '#' && /\s/.test(line[i - 1])) break;
    if (i > col && stack.length) return gap();
    const top = stack[stack.length - 1];
    const scalar = !(INDICATOR.test(c) || (c === ':' && top?.map));
    if (i === col && !scalar) return gap();
    if (c === '{' || c === '[') {
      stack.push({ map: c === '{', index: 0, colon: false, keys: [] });
      opens.push(i);
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      opens.pop();
      if (!stack.length) return undefined; // the cursor is after the collection
      i++;
    } else if (c === ',') {
      if (top.map) {
        top.key = undefined;
        top.colon = false;
      } else top.index++;
      i++;
    } else if (c === ':' && top.map) {
      top.colon = true;
      i++;
    } else {
      const end = c === '"' || c === "'" ? quotedEnd(line, i) : Math.max(i + 1, plainEnd(line, i));
      const value = scalarValue(line.slice(i, end));
      const onIt = col >= i && col <= end;
      if (top.map && !top.colon) {
        top.key = value;
        if (onIt) {
          let k = end;
          while (line[k] === ' ' || line[k] === '\t') k++;
          const presentKeys = keysOf(line, opens[opens.length - 1]);
          presentKeys.splice(presentKeys.indexOf(value), 1);
          return { path: pathOf(stack), at: 'key', key: value, item: false, start: i, end, presentKeys, hasColon: line[k] === ':' };
        }
      } else if (onIt) {
        const path = [...pathOf(stack), top.map ? top.key ?? '' : String(top.index)];
        return { path, at: 'value', item: false, start: i, end, presentKeys: [], hasColon: false };
      }
      i = end;
    }
  }
  return gap();
}
