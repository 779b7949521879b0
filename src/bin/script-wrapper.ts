// How the core and each chunk of dist/ are wrapped for vm.Script (src/bin/load-core.ts), as Node
// wraps a CommonJS module, with two more parameters: `__omlintChunk(name)` loads a chunk (its
// seams' exports), `__omlintCore(id)` gives a chunk the core's instance of a module
// (scripts/build-chunks.ts). The build writes each file wrapped, so that the loader hands V8 the
// file's text as it is read (joining the wrapper copied the whole megabyte of the core).
export const SCRIPT_WRAPPER = '(function (exports, require, module, __filename, __dirname, __omlintChunk, __omlintCore) {';
export const SCRIPT_WRAPPER_END = '\n})';
