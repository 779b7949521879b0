// Union noise: for a value that matches no branch of an anyOf/oneOf, ajv reports every branch's
// errors plus the union's own. Keep one finding per real problem: the most specific branch, or a
// single type/enum error naming what every branch accepts.
import type { ErrorObject } from 'ajv';

function within(path: string, base: string): boolean {
  return path === base || path.startsWith(base + '/');
}

/** The branch an error belongs to: its index under the union, or the definition it came from ($ref). */
function branchOf(error: ErrorObject, union: ErrorObject): string {
  const prefix = union.schemaPath + '/';
  if (error.schemaPath.startsWith(prefix)) return error.schemaPath.slice(prefix.length).split('/')[0];
  return error.schemaPath.split('/').slice(0, 3).join('/');
}

/** A branch that failed on the value itself (its type or value), not somewhere inside it. */
function isShallow(errors: ErrorObject[], at: string): boolean {
  return errors.every((e) => e.instancePath === at && (e.keyword === 'type' || e.keyword === 'enum' || e.keyword === 'const'));
}

function typesOf(e: ErrorObject): string[] {
  const t = e.params.type;
  return Array.isArray(t) ? t : String(t).split(',');
}

function pickBranch(union: ErrorObject, errors: ErrorObject[]): ErrorObject[] {
  const branches = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const key = branchOf(e, union);
    branches.set(key, [...(branches.get(key) ?? []), e]);
  }
  const groups = [...branches.values()];
  const deep = groups.filter((g) => !isShallow(g, union.instancePath));
  if (deep.length > 0) return deep.reduce((best, g) => (g.length < best.length ? g : best));
  // Every branch failed on the value itself.
  const valueErrors = groups.filter((g) => !g.some((e) => e.keyword === 'type'));
  if (valueErrors.length > 0) {
    // The value has a type some branch accepts, but not an accepted value: one enum error.
    const allowed = new Set<unknown>();
    for (const e of valueErrors.flat()) {
      if (e.keyword === 'enum') for (const v of e.params.allowedValues as unknown[]) allowed.add(v);
      if (e.keyword === 'const') allowed.add(e.params.allowedValue);
    }
    return [{ ...valueErrors[0][0], keyword: 'enum', schemaPath: union.schemaPath, params: { allowedValues: [...allowed] } }];
  }
  const types = new Set(groups.flat().flatMap(typesOf));
  return [{ ...groups[0][0], keyword: 'type', schemaPath: union.schemaPath, params: { type: [...types] } }];
}

/** Replaces each failed union and its branches' errors with the errors of one branch. */
export function collapseUnions(input: ErrorObject[]): ErrorObject[] {
  const errors = input.filter((e) => e.keyword !== 'if'); // "must match then": the then-errors say why
  const unions = errors
    .filter((e) => (e.keyword === 'anyOf' || e.keyword === 'oneOf') && !e.params.passingSchemas)
    // innermost first, so an outer union sees its inner unions already collapsed
    .sort((a, b) => b.instancePath.length - a.instancePath.length || b.schemaPath.length - a.schemaPath.length);
  for (const union of unions) {
    const end = errors.indexOf(union);
    const siblingPrefix = union.schemaPath.slice(0, union.schemaPath.lastIndexOf('/') + 1);
    let start = end;
    // ajv pushes a union's branch errors right before the union's own error.
    while (start > 0) {
      const prev = errors[start - 1];
      if (!within(prev.instancePath, union.instancePath)) break;
      // Another keyword of the schema that holds the union ran before it: not a branch error.
      // (Branch errors are under the union's path, or under a definition a branch refers to.)
      const first = prev.schemaPath.startsWith(siblingPrefix) ? prev.schemaPath.slice(siblingPrefix.length).split('/')[0] : 'definitions';
      const unionKeyword = union.schemaPath.slice(siblingPrefix.length);
      if (first !== unionKeyword && first !== 'definitions') break;
      start--;
    }
    const branchErrors = errors.slice(start, end);
    const replacement = branchErrors.length > 0 ? pickBranch(union, branchErrors) : [union];
    errors.splice(start, end - start + 1, ...replacement);
  }
  return errors;
}
