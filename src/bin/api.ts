// Entry of the library (dist/api.js, the package's `exports`): the API of src/api/api.ts on the
// built core, loaded through its code cache on the first call (an import of omlint costs nothing
// until then). Declared for TypeScript by src/api/public.ts.
import { createApi, type ApiCore } from '../api/api';
import { loadCore, type Core } from './load-core';

export { OmlintError } from '../api/types';

let core: Core | undefined;
const loaded = () => (core ??= loadCore({ writeCache: false }));

const api = createApi({
  // The io's readStdin gives a Buffer (runCommand).
  main: (argv, io) => loaded().main(argv, io as Parameters<Core['main']>[1]),
  formatResults: (format, run, opts) => (loaded().formatResults as unknown as ApiCore['formatResults'])(format, run, opts),
});

export const { lint, lintText, plan, formatResults, rules } = api;
