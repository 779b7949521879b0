// The declarations of the package's entry (dist/types/api/public.d.ts, emitted by `npm run build`): what
// `import ... from 'omlint'` gives TypeScript. Its runtime is src/bin/api.ts; test/api/exports.test.ts
// holds the two to one list of names.
import type { OmlintApi } from './api';

export * from './types';

export declare const lint: OmlintApi['lint'];
export declare const lintText: OmlintApi['lintText'];
export declare const plan: OmlintApi['plan'];
export declare const formatResults: OmlintApi['formatResults'];
export declare const rules: OmlintApi['rules'];
