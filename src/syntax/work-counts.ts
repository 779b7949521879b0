/**
 * Work the syntax room has done since the process started, counted for tests that ask whether a
 * text was read or parsed again (a cache that works reads nothing twice). Numbers only: no text,
 * no value, and nothing in src/ decides by them (test/layering-state.test.ts: every use outside
 * this module is an increment).
 */
export interface WorkCounts {
  /** Texts parsed (`parseText`): whoever owns a file caches its parse. */
  readonly parses: number;
  /** YAML cost pre-scans (`yamlCost`). */
  readonly yamlScans: number;
  /** Document marker lines read, and passes over a text that read them (`eachMarker`). */
  readonly markers: number;
  readonly markerPasses: number;
  /** Texts the block reader read, and texts it read in place from an earlier read. */
  readonly blockReads: number;
  readonly blockRereads: number;
  /** Lines with content the block reader went through: a text it declines, up to the line that declined it. */
  readonly blockLines: number;
  /** Pointers walked in the block reader's table (locate, startOf, keysAt): a clean file's digest places walk none. */
  readonly blockWalks: number;
  /** Alias resolutions through the map of `bindAliases`. */
  readonly aliasLookups: number;
  /** Position-only parses (`yamlPositions`): most findings are placed by the block reader. */
  readonly positionParses: number;
  /** Maps of the `yaml` library's tree indexed by key for locate (once per map of a parse). */
  readonly pairIndexes: number;
  /** JSON containers the navigators read: a clean text reads none. */
  readonly navigatorContainers: number;
  /** Characters of streams `splitStream` tested for content. */
  readonly streamCharacters: number;
}

const ZERO: WorkCounts = {
  parses: 0,
  yamlScans: 0,
  markers: 0,
  markerPasses: 0,
  blockReads: 0,
  blockRereads: 0,
  blockLines: 0,
  blockWalks: 0,
  aliasLookups: 0,
  positionParses: 0,
  pairIndexes: 0,
  navigatorContainers: 0,
  streamCharacters: 0,
};

/**
 * The counts, one record of a fixed shape (sealed: a misspelt count is an error, not a new
 * field). The syntax modules add to it; tests read it, or reset it first.
 */
export const workCounts: { -readonly [K in keyof WorkCounts]: number } = Object.seal({ ...ZERO });

/** Every count back to 0 (tests that count from a known start). */
export function resetWorkCounts(): void {
  for (const k of Object.keys(ZERO) as (keyof WorkCounts)[]) workCounts[k] = 0;
}
