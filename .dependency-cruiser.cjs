// The floors of omlint (docs/architecture.md), checked by test/layering.test.ts and
// `npm run lint:layers`. A folder may import its own floor and the floors below it, never one above.
// Bottom to top; a new folder of src/ gets a floor here before it can import or be imported.
/** @type {[name: string, dir: string][]} */
const FLOORS = [
  ['core', 'src/core'], // contracts and helpers: Diagnostic, Report, FixOp, pointers, Kind, LineIndex, defineRule, near names
  ['syntax', 'src/syntax'], // text → documents with positions; FixOps → text edits; comment directives
  ['io', 'src/io'], // reading and describing user files without throwing (CLI, config, server)
  ['model', 'src/model'], // domain vocabulary and derived facts
  ['types', 'src/types'], // TypeScript types of each kind (the source of schemas/), spelled with model's vocabulary
  ['kinds', 'src/kinds'], // which kind a document is
  ['schema', 'src/schema'], // validators of each kind and their findings
  ['policy', 'src/policy'], // policies declared as data in the config → rule objects (issue 21)
  ['config', 'src/config'], // omlint.config.yaml
  ['rules', 'rules'], // one module per rule
  ['project', 'src/project'], // the files of a run or a workspace: source cache, kinds, config and scope of each
  ['engine', 'src/engine'], // lint(): the run, the catalogue, masking
  ['format', 'src/format'], // output formats
  ['plan', 'src/plan'], // `omlint plan`: what a PUT would change against a base, and its formats (issue 19)
  ['api', 'src/api'], // the library (`import { lint } from 'omlint'`): the CLI's runs as JSON, its public types (issue 39)
  ['server', 'src/server'], // the language server
  ['serve', 'src/serve'], // `omlint serve`: the emulator of the Public API (issue 34)
  ['mcp', 'src/mcp'], // `omlint mcp`: the tools of an MCP server over stdio, on the library's runs (issue 39)
  ['cli', 'src/cli'], // the command line (starts the server for `omlint lsp`)
  ['bin', 'src/bin'], // entry points and the bundle entry
];

const under = (dirs) => `^(${dirs.map((d) => d.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})/`;
const ALL = under(FLOORS.map(([, dir]) => dir));
const OMLINT = '^(src|rules)/';

const floorRules = FLOORS.slice(1, -1).map(([name, dir], i) => ({
  name: `no-upward-from-${name}`,
  comment: `${dir}/ imports only its own floor and those below it: not ${FLOORS.slice(i + 2).map(([, d]) => d).join(', ')}`,
  severity: 'error',
  from: { path: under([dir]) },
  to: { path: under(FLOORS.slice(i + 2).map(([, d]) => d)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-imports-nothing-of-omlint',
      comment: 'src/core/ is the ground floor: it imports npm packages and node builtins, nothing else of omlint',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: OMLINT, pathNot: '^src/core/' },
    },
    ...floorRules,
    {
      name: 'folder-without-floor',
      comment: 'every folder of src/ has a floor in .dependency-cruiser.cjs (FLOORS)',
      severity: 'error',
      from: { path: OMLINT, pathNot: ALL },
      to: { path: OMLINT },
    },
    {
      name: 'import-of-folder-without-floor',
      comment: 'every folder of src/ has a floor in .dependency-cruiser.cjs (FLOORS)',
      severity: 'error',
      from: { path: OMLINT },
      to: { path: OMLINT, pathNot: ALL },
    },
    {
      name: 'no-folder-cycle',
      comment: 'no two folders import each other, directly or around a loop',
      severity: 'error',
      scope: 'folder',
      from: { path: OMLINT },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: `import type` arrows made the cycles this check exists to keep out.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
