// One text version's knowledge, in one place: its parse (documents with their values, problems,
// locate and keysAt), its comments (inline directives, modelines), the tolerant cursor reader
// behind hover and completion, and FixOps made into text edits. No cache here or anywhere in
// syntax/: whoever owns the file keeps its SourceFile per text version (src/project's SourceCache),
// so everything a SourceFile works out lazily (directives, the cursor's lines) is worked out once.
import type { FixOp, TextEdit } from '../core/types';
import type { LineIndex } from '../core/lines';
import { cursorContext, TextLines, type CursorContext } from './cursor';
import { applyEdits, fixEdits } from './fix';
import { findBrokenModelines, findModelines, type BrokenModeline, type Modeline } from './modelines';
import { findDirectives, NO_DIRECTIVES, type FoundDirectives } from './suppress';
import { commentMentions, MENTIONS_OMLINT } from './comments';
import type { LookingAhead } from './json';
import type { BracketPair, ContainerStep, Location, ParsedDocument, ParsedFile, ParseProblem, SyntaxKind } from './types';
import { containersAcrossEdit } from './edit-shift';

export interface SourceComments {
  /** `# omlint-disable…` directives (YAML only: JSON has no comments). */
  directives: FoundDirectives;
  /** `# omlint: kind=…` and yaml-language-server modelines, in order. */
  modelines: Modeline[];
  /** Comments meant as a modeline that do not read as one. */
  brokenModelines: BrokenModeline[];
}

/**
 * Pointers of a document about to be located: a document that reads its text forward (a big JSON
 * text) finds them in one pass, in the text's order; the answers are those of `locate` either way.
 */
export function willLocate(document: ParsedDocument, pointers: readonly string[]): void {
  (document as ParsedDocument & LookingAhead).prepare?.(pointers);
}

/** Whether willLocate has any use for a document's pointers (else the caller need not list them). */
export function looksAhead(document: ParsedDocument): boolean {
  return typeof (document as ParsedDocument & Partial<LookingAhead>).prepare === 'function';
}

export class SourceFile implements ParsedFile {
  readonly text: string;
  readonly bom: boolean;
  readonly syntax: SyntaxKind;
  readonly lines: LineIndex;
  readonly documents: ParsedDocument[];
  readonly problems: ParseProblem[];
  private commentsFound?: SourceComments;
  private textLines?: TextLines;
  private afterEdit?: { text: string; containersAt?: (offset: number) => ContainerStep[] };

  constructor(
    parsed: ParsedFile,
    /** The file's name as parsed (it decides JSON or YAML for the cursor reader). */
    readonly fileName: string,
    /** The offsets of its YAML marker lines, when the parse read them all (the cursor's documents). */
    private readonly markers?: readonly number[],
  ) {
    this.text = parsed.text;
    this.bom = parsed.bom;
    this.syntax = parsed.syntax;
    this.lines = parsed.lines;
    this.documents = parsed.documents;
    this.problems = parsed.problems;
  }

  /** The value of document `doc` (undefined when it is unusable or absent). */
  value(doc = 0): unknown {
    const d = this.documents[doc];
    return d && !d.unusable ? d.value : undefined;
  }

  /** Where the node at a pointer of document `doc` stands (offsets in `text`). */
  locate(pointer: string, doc = 0): Location | undefined {
    return this.documents[doc]?.locate(pointer);
  }

  /** Where each of these pointers of document `doc` stands (found together, as willLocate says). */
  locateAll(pointers: readonly string[], doc = 0): (Location | undefined)[] {
    const d = this.documents[doc];
    if (!d) return pointers.map(() => undefined);
    willLocate(d, pointers);
    return pointers.map((p) => d.locate(p));
  }

  /** The object keys at a pointer of document `doc`, in source order. */
  keysAt(pointer: string, doc = 0): string[] | undefined {
    return this.documents[doc]?.keysAt?.(pointer);
  }

  /**
   * A JSON text's object and array brackets (offsets in `text`), in the order they close, from the
   * parse's syntax tree; undefined where there is none (a big text read lazily, a text that does not parse).
   */
  jsonBrackets(doc = 0): BracketPair[] | undefined {
    const d = this.documents[doc];
    return d && !d.unusable ? d.brackets?.() : undefined;
  }

  /**
   * The text's directives and modelines (read on first use, then kept with this version). Each
   * call gets directives of its own: a lint run marks the ones it uses.
   */
  comments(): SourceComments {
    const found = (this.commentsFound ??= this.readComments());
    // Copied for the directives' `used` sets (each run marks its own): a text without directives (most) has nothing to copy.
    if (found.directives.directives.length === 0) return found;
    return { ...found, directives: { ...found.directives, directives: found.directives.directives.map((d) => ({ ...d, used: new Set<string>() })) } };
  }

  private readComments(): SourceComments {
    // Every directive and modeline is a '#', white space and one of two words: most texts have
    // none, and a look at each '#' says so for the four readers below.
    const mentions = commentMentions(this.text);
    if (mentions === 0) return { directives: NO_DIRECTIVES, modelines: [], brokenModelines: [] };
    return {
      directives: this.syntax === 'yaml' && mentions & MENTIONS_OMLINT ? findDirectives(this.text, this.lines) : NO_DIRECTIVES,
      modelines: findModelines(this.text),
      brokenModelines: mentions & MENTIONS_OMLINT ? findBrokenModelines(this.text) : [],
    };
  }

  /**
   * Where an offset of `text` stands, as a pointer (key or value, YAML document), also while the
   * text does not parse (mid-edit). Offsets in and out are those of `text` (without a BOM).
   */
  cursorAt(offset: number): CursorContext | undefined {
    // A big JSON text that parsed: the cursor from its containers (positions found once per version).
    const doc = this.documents.length === 1 ? this.documents[0] : undefined;
    const containersAt = doc?.containersAt && !doc.unusable ? (at: number) => doc.containersAt!(at) : undefined;
    return cursorContext(this.text, offset, this.fileName, this.cursorLines, containersAt);
  }

  /**
   * A later text of the same file, not parsed yet (big JSON, mid-edit): the containers at its
   * offsets, read from this version's parse when the edit kept the structure (edit-shift.ts).
   * Kept for the text last asked: hover and completion at one place ask for the same.
   */
  containersAfterEdit(text: string): ((offset: number) => ContainerStep[]) | undefined {
    if (this.afterEdit?.text !== text) this.afterEdit = { text, containersAt: containersAcrossEdit(this, text) };
    return this.afterEdit.containersAt;
  }

  /** The text's lines as the cursor reader walks them (document markers as the parse read them, else found once per version). */
  get cursorLines(): TextLines {
    return (this.textLines ??= new TextLines(this.text, this.lines, this.markers));
  }

  /**
   * FixOps on the item at `base` of document `doc`, applied: the new text (layout kept), or
   * undefined when an op's place is not found.
   */
  applyFixes(ops: FixOp[], doc = 0, base = ''): { text: string; edits: TextEdit[] } | undefined {
    const d = this.documents[doc];
    const edits = d && fixEdits(this, d, base, ops);
    if (!edits) return undefined;
    return { text: applyEdits(this.text, [edits]).text, edits };
  }
}
