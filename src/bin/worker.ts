// Entry point of a worker thread of `omlint check` (dist/worker.js, found by src/cli/run-lint.ts
// next to the core bundle).
import { loadCore } from './load-core';

void loadCore({ writeCache: false }).workerMain();
