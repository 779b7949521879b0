// Named base documents of the docs examples: an example is a small patch on one of them
// (RuleDocs.bad/good), so that each shows only what its rule is about.
import type { Example } from './types';

const NOTIFY_EMAIL = `notifications:
  - typeName: EMAIL
    emailAddress: dba@example.com
    delayMin: 0
    intervalMin: 60
`;

export const EXAMPLE_BASES: Record<string, string> = {
  'alert-config': `eventTypeName: HOST_DOWN
enabled: true
${NOTIFY_EMAIL}`,
};

/** The YAML text of an example. Throws when a patch does not apply exactly once. */
export function exampleText(example: Example): string {
  if (typeof example === 'string') return example;
  let text = EXAMPLE_BASES[example.base];
  if (text === undefined) throw new Error(`No example base "${example.base}"; bases: ${Object.keys(EXAMPLE_BASES).join(', ')}.`);
  for (const [find, by] of example.replace ?? []) {
    const at = text.indexOf(find);
    if (at < 0 || text.indexOf(find, at + 1) >= 0) throw new Error(`Example patch on "${example.base}": ${JSON.stringify(find)} must occur exactly once.`);
    text = text.slice(0, at) + by + text.slice(at + find.length);
  }
  return (example.before ?? '') + text + (example.after ?? '');
}
