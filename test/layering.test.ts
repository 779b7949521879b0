// The floors of docs/architecture.md, enforced with dependency-cruiser and .dependency-cruiser.cjs:
// no folder imports a folder above it, src/core/ imports nothing of omlint, no folder cycles.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseOptions, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');
let options: ICruiseOptions;

beforeAll(async () => {
  options = await extractDepcruiseOptions(path.join(ROOT, '.dependency-cruiser.cjs'));
});

async function violations(baseDir: string, dirs: string[], tsConfig?: string): Promise<IViolation[]> {
  const cwd = process.cwd();
  // The config names tsconfig.json relative to the working directory, as the CLI does.
  process.chdir(baseDir);
  try {
    const opts: ICruiseOptions = { ...options, baseDir, validate: true, tsConfig: tsConfig ? { fileName: tsConfig } : undefined };
    const { output } = await cruise(dirs, opts);
    if (typeof output === 'string') throw new Error('dependency-cruiser returned text, not a result');
    return output.summary.violations;
  } finally {
    process.chdir(cwd);
  }
}
const described = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}`;

describe('layering of src/ and rules/', () => {
  it('has no folder importing a folder above it, and no folder cycle', async () => {
    const found = await violations(ROOT, ['src', 'rules'], 'tsconfig.json');
    expect(found.map(described)).toEqual([]);
  });

  it('gives every folder of src/ a floor', () => {
    const rule = options.ruleSet!.forbidden!.find((r) => r.name === 'folder-without-floor')!;
    const placed = new RegExp(rule.from.pathNot as string);
    const folders = readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && readdirSync(path.join(ROOT, 'src', d.name), { recursive: true }).some((f) => String(f).endsWith('.ts')))
      .map((d) => `src/${d.name}/`);
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter((f) => !placed.test(f))).toEqual([]);
    expect(readdirSync(path.join(ROOT, 'src')).filter((f) => f.endsWith('.ts'))).toEqual([]); // no file outside a floor
  });
});

// The same config on small trees: each wrong arrow is caught by the rule that names it.
describe('the layering check on trees that break it', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'omlint-layering-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function check(name: string, files: Record<string, string>): Promise<string[]> {
    const base = path.join(dir, name);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
      writeFileSync(path.join(base, file), text);
    }
    const roots = [...new Set(Object.keys(files).map((f) => f.split('/')[0]))];
    return (await violations(base, roots)).map(described).sort();
  }

  it('passes a tree that only imports downwards', async () => {
    expect(
      await check('clean', {
        'src/core/types.ts': 'export type Kind = string;\n',
        'src/syntax/parse.ts': "import type { Kind } from '../core/types';\nexport const k: Kind = 'x';\n",
        'src/engine/lint.ts': "import { k } from '../syntax/parse';\nexport const lint = () => k;\n",
        'rules/r.ts': "import type { Kind } from '../src/core/types';\nexport const r: Kind = 'r';\n",
        'src/cli/main.ts': "import { lint } from '../engine/lint';\nexport const main = lint;\n",
      }),
    ).toEqual([]);
  });

  it('catches src/core importing anything of omlint', async () => {
    expect(
      await check('core-up', {
        'src/core/types.ts': "import { k } from '../syntax/parse';\nexport const t = k;\n",
        'src/syntax/parse.ts': "export const k = 'x';\n",
      }),
    ).toEqual(['core-imports-nothing-of-omlint: src/core/types.ts → src/syntax/parse.ts']);
  });

  it('catches a type-only import that runs up a floor, and the folder cycle it closes', async () => {
    expect(
      await check('type-up', {
        'src/syntax/parse.ts': "import type { Result } from '../engine/lint';\nexport const k = (r: Result) => r;\n",
        'src/engine/lint.ts': "import { k } from '../syntax/parse';\nexport type Result = number;\nexport const lint = k;\n",
      }),
    ).toEqual([
      'no-folder-cycle: src/engine → src/syntax',
      'no-folder-cycle: src/syntax → src/engine',
      'no-upward-from-syntax: src/syntax/parse.ts → src/engine/lint.ts',
    ]);
  });

  it('catches rules/ importing the engine above it', async () => {
    expect(
      await check('rules-up', {
        'rules/r.ts': "import { lint } from '../src/engine/lint';\nexport const r = lint;\n",
        'src/engine/lint.ts': 'export const lint = 1;\n',
      }),
    ).toEqual(['no-upward-from-rules: rules/r.ts → src/engine/lint.ts']);
  });

  it('catches a folder that has no floor, in both directions', async () => {
    expect(
      await check('floorless', {
        'src/orphan/orphan.ts': "import type { Kind } from '../core/types';\nexport const p: Kind = 'p';\n",
        'src/core/types.ts': 'export type Kind = string;\n',
        'src/cli/main.ts': "import { p } from '../orphan/orphan';\nexport const main = p;\n",
      }),
    ).toEqual([
      'folder-without-floor: src/orphan/orphan.ts → src/core/types.ts',
      'import-of-folder-without-floor: src/cli/main.ts → src/orphan/orphan.ts',
    ]);
  });
});
