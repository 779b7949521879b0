// The status bar text of a running server for the active document: the icon of the worst
// problem omlint reports there (issue 38: a warning icon showed while there were errors), and the
// count. Free of the vscode module so that it is testable in plain Node.

/** vscode.DiagnosticSeverity's values: Error 0, Warning 1, Information 2, Hint 3. */
export function statusText(own: boolean, severities: number[]): string {
  if (!own) return '$(dash) omlint';
  if (severities.length === 0) return '$(check) omlint';
  const worst = Math.min(...severities);
  const icon = worst === 0 ? '$(error)' : worst === 1 ? '$(warning)' : '$(info)';
  return `${icon} omlint ${severities.length}`;
}
