// The masking's nets over a JSON text that JSON.parse read whole, repeating no key
// (ParsedDocument.jsonRead): the colons the text net (secretsInText) would stop at are found by
// the value's keys, in the text's order, instead of by reading the key before each colon; and
// the walk by name (findSecretsByName) runs only where it could list a value the text net does
// not. A shard key (`sharding[].collections[].key`, model/automation.ts) is no secret in either.
// Anything this cannot tell (an escaped key, a key for-in lists out of order, a colon that looks
// like a key's inside a string) returns undefined: the caller runs both nets over the text as before.
import { isSecretFieldName, type SecretLocation } from '../model/secrets';
import { isShardKeyPointer, SHARD_KEY_PATH } from '../model/automation';
import { secretsInText, urlHoldsSecret } from './secret-text';
import { JUDGE_FROM, JudgedNames, judgeKey, keyBefore, NAMES_PLAIN } from './secret-keys';

export interface JsonSecrets {
  /** What secretsInText lists of the text, shard keys left out. */
  inText: string[];
  /** Whether findSecretsByName may list a value `inText` does not (else it need not walk the value). */
  walkAdds: boolean;
}

/** Nesting followed by recursion (deeper: the caller's nets). */
const MAX_DEPTH = 2000;
/** What the text net's key reader makes of a key as JSON writes it (names a secret or a url, or neither). */
const PLAIN = 0;
const SECRET = 1;
const URL_NAME = 2;

/**
 * The text net of a JSON text read by JSON.parse with no repeated key, `value` its value: each
 * key's colon is the next colon of the text that follows a quote (blanks aside), and is judged by
 * the key's name as the text net judges the name as written (the same when no escape makes the
 * written key longer than the name). Every other colon stands inside a string and is judged by
 * the text net's own judge (judgeKey). The lines of the colons found are read by secretsInText.
 */
export function jsonSecretsInText(value: unknown, text: string): JsonSecrets | undefined {
  // for…in would list inherited keys, which the text does not hold.
  for (const _ in Object.prototype) return undefined;
  const walk = new KeyColons(text);
  if (value !== null && typeof value === 'object' && !walk.container(value, 0, 0)) return undefined;
  if (!walk.rest()) return undefined;
  const colons = walk.colons;
  let k = 0;
  const next = (from: number): number => {
    while (k < colons.length && colons[k] < from) k++;
    return k < colons.length ? colons[k] : -1;
  };
  return { inText: secretsInText(text, undefined, next), walkAdds: walk.walkAdds };
}

/** What findSecretsByName found, shard keys (and what they hold) left out. */
export function withoutShardKeys(found: SecretLocation[]): SecretLocation[] {
  return found.filter((s) => !isShardKeyPointer(s.pointer));
}

/** The walk of one value beside its text: a value's keys and the text's colons, in step. */
class KeyColons {
  /** Colons the text net stops at, in the text's order. */
  readonly colons: number[] = [];
  walkAdds = false;
  /** Where the next colon is searched from. */
  private cursor = 0;
  /** The closing quote of the key keyColon found last. */
  private close = -1;
  private readonly key = keyBefore();
  private readonly judged: JudgedNames | undefined;
  /** Each distinct name judged once (a big configuration repeats a few hundred names). */
  private readonly verdicts = new Map<string, number>();

  constructor(private readonly text: string) {
    this.judged = text.length >= JUDGE_FROM ? new JudgedNames(text) : undefined;
  }

  /** Walks a container at `depth`; `shard`: how much of SHARD_KEY_PATH leads here (-1: none). False when the text and the value do not go in step. */
  container(node: object, depth: number, shard: number): boolean {
    if (depth > MAX_DEPTH) return false;
    if (Array.isArray(node)) {
      const inside = shard >= 0 && SHARD_KEY_PATH[shard] === '*' ? shard + 1 : -1;
      for (let i = 0; i < node.length; i++) {
        const v: unknown = node[i];
        if (v !== null && typeof v === 'object' && !this.container(v, depth + 1, inside)) return false;
      }
      return true;
    }
    const obj = node as Record<string, unknown>;
    for (const name in obj) {
      // for…in lists index-like keys first, not where the text has them.
      const c0 = name.charCodeAt(0);
      if (c0 >= 48 && c0 <= 57) return false;
      const colon = this.keyColon(name);
      if (colon < 0) return false;
      const v = obj[name];
      const at = shard >= 0 && SHARD_KEY_PATH[shard] === name ? shard + 1 : -1;
      if (at !== SHARD_KEY_PATH.length) this.judgeKeyColon(obj, name, v, colon);
      if (v !== null && typeof v === 'object' && !this.container(v, depth + 1, at)) return false;
    }
    return true;
  }

  /** The colons after the value's last key: all inside strings, or the text is not the value's. */
  rest(): boolean {
    const text = this.text;
    for (let c = text.indexOf(':', this.cursor); c >= 0; c = text.indexOf(':', c + 1)) {
      if (quoteBefore(text, c) >= 0) return false;
      this.judgeInString(c);
    }
    return true;
  }

  /**
   * The colon of the next key, written exactly as `name`: the next colon after a quote (the
   * colons before it, inside strings, judged on the way), or -1. A colon inside a string that
   * follows an escaped quote is taken for a key's: the name then fails, or the text keeps a key's
   * colon more than the value has keys, which rest() finds.
   */
  private keyColon(name: string): number {
    const text = this.text;
    for (let c = text.indexOf(':', this.cursor); c >= 0; c = text.indexOf(':', c + 1)) {
      const close = quoteBefore(text, c);
      if (close < 0) {
        this.judgeInString(c);
        continue;
      }
      this.cursor = c + 1;
      this.close = close;
      // Written as the name: its opening quote where the name's length puts it, not an escaped
      // one (an escape writes one character in two or more, and a quote inside a string is escaped).
      const open = close - name.length - 1;
      return open >= 0 && text.charCodeAt(open) === 34 && text.charCodeAt(open - 1) !== 92 && text.startsWith(name, open + 1) ? c : -1;
    }
    return -1;
  }

  private judgeInString(colon: number): void {
    if (judgeKey(this.text, colon, this.key, this.judged) !== NAMES_PLAIN) this.colons.push(colon);
  }

  /** A key's colon the text net stops at is kept; and whether findSecretsByName would list more under it. */
  private judgeKeyColon(obj: Record<string, unknown>, name: string, v: unknown, colon: number): void {
    let verdict = this.verdicts.get(name);
    if (verdict === undefined) this.verdicts.set(name, (verdict = isSecretFieldName(name) ? SECRET : name.length === 3 && name.toLowerCase() === 'url' ? URL_NAME : PLAIN));
    // A secret-named value run into its key (`{"apiToken:xoxb-…": 1}`): the walk's.
    if (name.includes(':')) this.walkAdds = true;
    if (verdict === PLAIN) return;
    // The text net reads a quoted key within 130 characters of its colon, on the colon's line. A
    // url's line lists the url's secret part only when the url holds one (most are download urls):
    // such a line is read only when another colon of it is kept.
    const read = name.length <= 128 && !lineBreakBetween(this.text, this.close, colon);
    const quiet = verdict === URL_NAME && typeof v === 'string' && !urlHoldsSecret(v) && writtenAfter(this.text, colon, v);
    if (read && !quiet) this.colons.push(colon);
    if (this.walkAdds) return;
    if (verdict === URL_NAME) {
      // The walk lists a url beside a type whole; the text net its secret part.
      const listed = (typeof v === 'string' && v !== '') || typeof v === 'number';
      if (listed && (Object.prototype.hasOwnProperty.call(obj, 'type') || Object.prototype.hasOwnProperty.call(obj, 'typeName'))) this.walkAdds = true;
      return;
    }
    // A secret's value: the walk lists what the text net lists only for a string written as it
    // parses, on the key's line, with no blank to trim; numbers and containers differ as written.
    if (typeof v === 'string') this.walkAdds = v !== '' && (!read || v !== v.trim() || !writtenAfter(this.text, colon, v));
    else if (typeof v === 'number' || (v !== null && typeof v === 'object')) this.walkAdds = true;
  }
}

/** The quote a colon follows, JSON's blanks aside, or -1. */
function quoteBefore(text: string, colon: number): number {
  let p = colon - 1;
  let c = text.charCodeAt(p);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--p);
  return c === 34 ? p : -1;
}

/** Whether a line break stands between a key's closing quote and its colon (then the text net reads no key before the colon). */
function lineBreakBetween(text: string, close: number, colon: number): boolean {
  for (let p = close + 1; p < colon; p++) if (text.charCodeAt(p) === 10 || text.charCodeAt(p) === 13) return true;
  return false;
}

/** Whether the value after a colon, on its line, is the string `v` written without an escape. */
function writtenAfter(text: string, colon: number, v: string): boolean {
  let p = colon + 1;
  while (text.charCodeAt(p) === 32 || text.charCodeAt(p) === 9) p++;
  return text.charCodeAt(p) === 34 && text.startsWith(v, p + 1) && text.charCodeAt(p + 1 + v.length) === 34;
}
