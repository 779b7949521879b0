// Two directive errors the `yaml` library lets pass (YAML test suite cases 9MMA and SF5V): a
// directive with no "---" document after it, and a %YAML directive given twice before one
// document (YAML 1.2, 6.8.1: "It is an error to specify more than one YAML directive").
import type { ParseProblem } from './types';

const LINE = /^.*$/gm;

export function directiveProblems(text: string): ParseProblem[] {
  if (!text.startsWith('%') && !text.includes('\n%')) return [];
  const problems: ParseProblem[] = [];
  let prologue = true; // before a document: where directives may stand
  let first: number | undefined; // the first directive waiting for its "---"
  let yamlAt: number | undefined;
  let docIndex = 0;
  const unfinished = () => {
    if (first !== undefined) {
      problems.push({ ruleId: 'syntax-error', message: 'YAML syntax error: a directive must be followed by a "---" line that starts its document.', span: { start: first, end: first + 1 }, documentIndex: docIndex });
    }
    first = yamlAt = undefined;
  };
  for (const m of text.matchAll(LINE)) {
    const line = m[0].replace(/\r$/, '');
    const at = m.index!;
    if (/^\.\.\.(?:[ \t]|$)/.test(line)) {
      unfinished();
      if (!prologue) docIndex++;
      prologue = true;
      continue;
    }
    if (!prologue) {
      if (/^---(?:[ \t]|$)/.test(line)) docIndex++;
      continue;
    }
    if (line.startsWith('%')) {
      first ??= at;
      if (/^%YAML(?:[ \t]|$)/.test(line)) {
        if (yamlAt !== undefined) {
          problems.push({ ruleId: 'syntax-error', message: 'YAML syntax error: a document may have only one %YAML directive.', span: { start: at, end: at + 5 }, documentIndex: docIndex });
        }
        yamlAt = at;
      }
      continue;
    }
    if (/^[ \t]*(?:#.*)?$/.test(line)) continue;
    if (/^---(?:[ \t]|$)/.test(line)) first = yamlAt = undefined;
    else unfinished();
    prologue = false;
  }
  unfinished();
  return problems;
}
