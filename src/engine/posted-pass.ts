// What a worker thread posts of a batch it linted (issue 22): only what the main thread prints and
// merges. Most files of a run of small files are clean (no finding, no secret to mask): such a
// file travels as three numbers (its target, its kinds, its BOM), and the main thread makes its
// result again, with the path it knows for the target. A digest record travels without its file's
// path (the target's). Structured clone took 20 – 40 ms in a worker and 50 – 80 ms in the main
// thread per 5,000 small files when each result and each record was a whole object (bench/README.md,
// "The second core on 2 cores, eighth session").
import type { Kind } from '../core/kinds';
import type { FileResult, RunSource, ScopeDocument } from '../core/types';
import { cleanSource, displayPath, type DigestRecord, type FilePass } from './lint';

/** A batch's pass as posted: compact, or (a result whose path is not its target's) as it was. */
export type PostedPass = CompactPass | { whole: FilePass };

export interface CompactPass {
  /** Files with something to show (findings, secrets to mask) or dropped (null), as in FilePass. */
  targets: number[];
  done: FilePass['done'];
  /** Clean files, three numbers each: the target, its kinds (an index into `kindSets`), 1 when its text began with a BOM. */
  clean: number[];
  kindSets: FileResult['kinds'][];
  /** Digest records, six entries each: target, rule, document index, kind, 1 and the digest (a rule with one) or 0 and the value. */
  digests: unknown[];
  elsewhere: number[];
  kinds: Kind[];
}

/** Files a posted pass holds. */
export const postedFiles = (p: PostedPass): number => ('whole' in p ? p.whole.targets.length : p.targets.length + p.clean.length / 3);

/**
 * The pass a worker posts: plain data (no line index); fix edits stay here (a parallel run never
 * fixes); a clean file's text stays here unless it has secrets (it serves only code frames).
 */
export function portablePass(pass: FilePass): FilePass {
  return {
    ...pass,
    done: pass.done.map((f) => f && {
      result: { ...f.result, diagnostics: f.result.diagnostics.map(({ fix, suggestions, ...d }) => d) },
      source: { text: f.result.diagnostics.length > 0 || f.source.secrets.length > 0 ? f.source.text : '', bom: f.source.bom, secrets: f.source.secrets },
    }),
  };
}

const isClean = (result: FileResult, source: RunSource): boolean =>
  result.diagnostics.length === 0 && source.secrets.length === 0 && result.output === undefined && result.fixCount === undefined && result.documents === result.kinds.length;

/** A pass made compact for posting; `paths` and `cwd` are the run's (the main thread makes the same paths). */
export function postPass(pass: FilePass, paths: readonly string[], cwd: string | undefined): PostedPass {
  const out: CompactPass = { targets: [], done: [], clean: [], kindSets: [], digests: [], elsewhere: pass.elsewhere, kinds: pass.kinds };
  const sets = new Map<string, number>();
  const shown: FilePass['done'] = [];
  for (let k = 0; k < pass.targets.length; k++) {
    const t = pass.targets[k];
    const f = pass.done[k];
    if (f && f.result.filePath !== displayPath(paths[t], cwd)) return { whole: portablePass(pass) };
    if (f && isClean(f.result, f.source)) {
      const key = f.result.kinds.join(',');
      let set = sets.get(key);
      if (set === undefined) {
        sets.set(key, (set = out.kindSets.length));
        out.kindSets.push(f.result.kinds);
      }
      out.clean.push(t, set, f.source.bom ? 1 : 0);
    } else {
      out.targets.push(t);
      shown.push(f);
    }
  }
  out.done = portablePass({ ...pass, targets: out.targets, done: shown }).done;
  for (const { target, rule, sd } of pass.digests) out.digests.push(target, rule, sd.documentIndex, sd.kind, 'digest' in sd ? 1 : 0, 'digest' in sd ? sd.digest : sd.value);
  return out;
}

/** The pass a worker posted, as the run merges it (lintEach). */
export function receivedPass(p: PostedPass, paths: readonly string[], cwd: string | undefined): FilePass {
  if ('whole' in p) return p.whole;
  const pass: FilePass = { targets: p.targets, done: p.done, digests: [], elsewhere: p.elsewhere, kinds: p.kinds };
  const pathOf = new Map<number, string>();
  for (let k = 0; k < p.targets.length; k++) {
    const f = p.done[k];
    if (f) pathOf.set(p.targets[k], f.result.filePath);
  }
  for (let k = 0; k < p.clean.length; k += 3) {
    const t = p.clean[k];
    const kinds = p.kindSets[p.clean[k + 1]];
    const filePath = displayPath(paths[t], cwd);
    pathOf.set(t, filePath);
    pass.targets.push(t);
    pass.done.push({ result: { filePath, kinds: [...kinds], documents: kinds.length, errorCount: 0, warningCount: 0, infoCount: 0, diagnostics: [] }, source: cleanSource(p.clean[k + 2] === 1) });
  }
  const d = p.digests;
  for (let k = 0; k < d.length; k += 6) {
    const target = d[k] as number;
    const base = { filePath: pathOf.get(target) ?? displayPath(paths[target], cwd), documentIndex: d[k + 2] as number, kind: d[k + 3] as Kind };
    const sd: ScopeDocument = d[k + 4] === 1 ? { ...base, value: undefined, digest: d[k + 5] } : { ...base, value: d[k + 5] };
    pass.digests.push({ target, rule: d[k + 1] as string, sd } satisfies DigestRecord);
  }
  return pass;
}
