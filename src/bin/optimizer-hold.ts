// V8's optimizing compiler on a short CLI run: on a few MB of input its compiled code never pays
// back its compilation, while its thread, its zones and a grown young generation are a large part
// of the run's peak memory (bench/README.md, "Start-up and the memory of small runs"). So a run of
// a few files of that size runs without it, its young generation kept at its first size. Set at
// run time: both flags are read by V8 when it decides (to optimise a hot function, to grow the
// young generation); a chunk loaded afterwards gets a code cache of its own (V8 checks the flags a
// cache was made under; load-core.ts). Smaller runs never load node:v8 (it brings Node's streams);
// runs of tens or hundreds of files keep V8's defaults; runs of MANY_FILES or more keep their heap
// near what they keep (worker threads share the process's flags). A run of a few
// bigger files keeps the optimizing compiler, which pays there, but not a grown young generation:
// the parsed value outlives it anyway, so growing it costs peak memory for no CPU time
// (bench/README.md, history). Set at run time: given at launch, V8 raises a growth factor below 2 to 2.
import { statSync } from 'node:fs';
import { setV8Flags } from './load-core';

/** Below this many bytes in all, the optimizer hardly starts (one alert file: no function optimised). */
export const HOLD_FROM_BYTES = 256 * 1024;
/** Above this many, the optimised code pays for itself (bench/README.md, history). */
export const HOLD_UP_TO_BYTES = 4 * 1024 * 1024;
/** A run of more files is left alone: per-file code gets hot, and --jobs may start workers. */
export const HOLD_MAX_FILES = 16;

export const HOLD_FLAGS = '--no-opt --semi-space-growth-factor=1';

/**
 * A held run gives the optimizer back before the `yaml` library parses a text of this many
 * characters that the block reader did not read: the hold was weighed on texts the fast readers
 * take, and that parse's own code, hot over a tree of objects per node, costs far more without it
 * (bench/README.md, hold17). The young generation stays at its first size: growing it would cost
 * peak memory for little time.
 */
export const RELEASE_FROM_CHARS = HOLD_FROM_BYTES;
export const RELEASE_FLAGS = '--opt';

/** What a held run needs to give the optimizer back: the parse's signal, and where --debug lines go. */
export interface HoldRelease {
  /** Sets (undefined: drops) the listener told before the `yaml` library parses a text the block reader did not read (src/syntax/parse-signal.ts). */
  onYamlLibraryParse(listener: ((chars: number) => void) | undefined): void;
  debug?: (line: string) => void;
}
/** A run of a few files of more than HOLD_UP_TO_BYTES in all: the young generation alone kept at its first size. */
export const BIG_RUN_FLAGS = '--semi-space-growth-factor=1';

/**
 * From this many files, a run keeps what it found of every file until its report, and V8's old
 * generation, left to grow four- or fivefold over what a mark-compact leaves, fills with the
 * files' promoted garbage: 540 MB peak for 140 MB live at 50,000 files (bench/README.md, mem37).
 */
export const MANY_FILES = 1000;
/**
 * A run of many files: the young generation kept at the size it has when the files are known (a
 * walk of one big directory has grown it by then) and the old generation grown by half of what a
 * mark-compact leaves. No cap: a run that keeps more gets more. Half, not a fifth: a fifth kept
 * ~50 MB less at 50,000 files but cost ~11 % more CPU in mark-compacts (bench/README.md, mem37).
 */
export const MANY_FILES_FLAGS = '--semi-space-growth-factor=1 --heap-growing-percent=50';

/** Whether a run of files of these sizes runs without the optimizing compiler. */
export function holdsOptimizer(sizes: readonly number[]): boolean {
  if (sizes.length === 0 || sizes.length > HOLD_MAX_FILES) return false;
  const total = sizes.reduce((a, b) => a + b, 0);
  return total >= HOLD_FROM_BYTES && total <= HOLD_UP_TO_BYTES;
}

/** Whether a run of files of these sizes keeps its young generation at its first size (and the optimizer). */
export function keepsYoungGeneration(sizes: readonly number[]): boolean {
  if (sizes.length === 0 || sizes.length > HOLD_MAX_FILES) return false;
  return sizes.reduce((a, b) => a + b, 0) > HOLD_UP_TO_BYTES;
}

/**
 * Told the files a run will lint: holds the optimizer when they are few and of a few MB in all,
 * keeps the young generation small when they are few and bigger, and the heap near what the run
 * keeps when they are many. Returns a line for --debug when it sets a flag. A held run, given
 * `release`, gets the optimizer back before the `yaml` library parses a big text (RELEASE_FROM_CHARS).
 */
export function planOptimizer(files: readonly string[], setFlags = setV8Flags, release?: HoldRelease): string | undefined {
  if (files.length >= MANY_FILES) {
    setFlags(MANY_FILES_FLAGS);
    return `V8 heap kept near what the run keeps (${files.length} files): ${MANY_FILES_FLAGS}`;
  }
  if (files.length === 0 || files.length > HOLD_MAX_FILES) return undefined;
  const sizes = files.map(sizeOf);
  const total = sizes.reduce((a, b) => a + b, 0);
  const what = `${(total / 1048576).toFixed(1)} MB in ${files.length} file${files.length === 1 ? '' : 's'}`;
  if (keepsYoungGeneration(sizes)) {
    setFlags(BIG_RUN_FLAGS);
    return `V8 young generation kept at its first size for this run (${what}): ${BIG_RUN_FLAGS}`;
  }
  if (!holdsOptimizer(sizes)) return undefined;
  setFlags(HOLD_FLAGS);
  release?.onYamlLibraryParse(releaseBeforeBigParse(setFlags, release));
  return `V8 optimizing compiler held for this run (${what}): ${HOLD_FLAGS}`;
}

/** The listener of a held run: the optimizer back, once, before the `yaml` library parses a big text. */
function releaseBeforeBigParse(setFlags: (flags: string) => void, release: HoldRelease): (chars: number) => void {
  return (chars) => {
    if (chars < RELEASE_FROM_CHARS) return;
    release.onYamlLibraryParse(undefined);
    setFlags(RELEASE_FLAGS);
    release.debug?.(`V8 optimizing compiler given back for the rest of this run (the yaml library parses ${(chars / 1048576).toFixed(1)} MB that the block reader did not read): ${RELEASE_FLAGS}`);
  };
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0; // the read will say what is wrong with it
  }
}
