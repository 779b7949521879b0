// Which file names omlint lints: the CLI's walk, a project scope's members and the language
// server's workspace all take the same ones.
const LINTABLE = /\.(json|ya?ml)$/i;

/** A path (or file name) omlint lints by its extension: .json, .yaml, .yml. */
export function isLintablePath(p: string): boolean {
  return LINTABLE.test(p);
}
