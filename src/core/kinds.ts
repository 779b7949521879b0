// The document kinds omlint knows (see DESIGN.md, "Document kinds").
export const KINDS = [
  'alert-config',
  'global-alert-config',
  'maintenance-window',
  'maintenance-window-update',
  'integration',
  'automation-config',
  'api-key-update',
  'access-list-entries',
  'alert-acknowledgement',
  // Not an API body: a test of alert configurations over time (`omlint test`, docs/alert-tests.md).
  'alert-test',
] as const;

export type Kind = (typeof KINDS)[number];

export function isKind(s: unknown): s is Kind {
  return typeof s === 'string' && (KINDS as readonly string[]).includes(s);
}

/** "an alert-config", "a maintenance-window" (every kind name is read as spelt). */
export function kindWithArticle(kind: Kind): string {
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}
