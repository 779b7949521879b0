/**
 * Findings that neither an inline directive, a disable-for-line code action nor a baseline may
 * silence: a file that cannot be read or checked (syntax-error, limit-exceeded: it would pass
 * unread), a failing rule (internal-error), and findings about directives themselves.
 */
export const NEVER_SUPPRESSED: ReadonlySet<string> = new Set(['syntax-error', 'limit-exceeded', 'internal-error', 'unused-disable-directive']);
