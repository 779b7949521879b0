// What a worker thread posts of a batch it linted: only what the main thread prints and merges.
import type { FilePass } from './lint';

/**
 * The pass a worker posts: plain data (no line index); fix edits stay here (a parallel run never
 * fixes); a clean file's text stays here (it serves only code frames), a released file's kept
 * frame lines go instead of its text.
 */
export function portablePass(pass: FilePass): FilePass {
  return {
    ...pass,
    // Without their fixes, its results are no base to add workspace findings to: linted again.
    unmergeable: undefined,
    done: pass.done.map((f) => f && {
      result: { ...f.result, diagnostics: f.result.diagnostics.map(({ fix, suggestions, ...d }) => d) },
      source: { text: f.result.diagnostics.length > 0 ? f.source.text : '', bom: f.source.bom, secrets: f.source.secrets, ...(f.source.frames ? { frames: f.source.frames } : {}) },
    }),
  };
}
