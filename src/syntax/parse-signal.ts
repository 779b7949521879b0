// What the syntax room tells the process's entry before the `yaml` library parses a text the
// block reader declined: the CLI's entry then gives V8's optimizing compiler back to a run that
// held it (src/bin/optimizer-hold.ts), since that parse of a big text is where the optimised code
// pays. One listener for the whole process, set by the entry (the language server, the emulator
// and the browser set none); it is told a length, never a text.

let listener: ((chars: number) => void) | undefined;

/** Sets (or, with undefined, drops) the process's one listener. */
export function onYamlLibraryParse(next: ((chars: number) => void) | undefined): void {
  listener = next;
}

/** Told before the `yaml` library parses a text of `chars` characters that the block reader did not read. */
export function yamlLibraryWillParse(chars: number): void {
  listener?.(chars);
}
