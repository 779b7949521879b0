// How src/bin/load-core.ts wraps the core and each chunk for vm.Script, as Node wraps a CommonJS
// module, with two more parameters: `__omlintChunk(name)` loads a chunk (its seams' exports),
// `__omlintCore(id)` gives a chunk the core's instance of a module (scripts/build-chunks.ts). The
// build writes the chunks' code caches with the same wrapper: V8 checks the source's length.
export const SCRIPT_WRAPPER = '(function (exports, require, module, __filename, __dirname, __omlintChunk, __omlintCore) {';
export const SCRIPT_WRAPPER_END = '\n})';
