// The one recogniser of template values: placeholders that a templating or deployment tool
// replaces before the document reaches the API (`${VAR}`, `{{ .Values.x }}`, `<REGION>`,
// `:MONGOD_VERSION:`, `YOUR_SLACK_TOKEN`, `CHANGE_ME`…). Rules, the schema mapper and secret
// masking all ask here. Every built-in form is anchored: a value is a template only when the
// WHOLE value is one (a password such as `Hunter2<Prod>Sig9` merely contains `<Prod>`).
import { RE2JS } from 're2js';
import type { PlaceholderPattern } from '../core/types';
export type { PlaceholderPattern };

/** Whole-value forms. Linear: no nested quantifiers. */
export const WHOLE_FORMS: readonly RegExp[] = [
  /^\$\{[^{}]*\}$/, // ${VAR}, ${VAR:-default}
  /^\$\{\{[^{}]*\}\}$/, // ${{ secrets.X }} (GitHub Actions)
  /^\{\{(?:[^}]|\}(?!\}))*\}\}$/, // {{ .Values.x }} (Helm, Jinja, Mustache)
  /^\{%[^%]*%\}$/, // {% raw %} tags
  /^<%=?[^%]*%>$/, // <%= ENV['X'] %> (ERB)
  /^\$\([^()]*\)$/, // $(command)
  /^\(\([^()]+\)\)$/, // ((var)) (Concourse)
  /^#\{[^{}]+\}$/, // #{var} (Octopus, Ruby)
  /^<[^<>\n]+>$/, // <your-token>, <REGION>
  /^\$[A-Za-z_][A-Za-z0-9_]*$/, // $VAR
  /^\{[A-Za-z][A-Za-z0-9_.-]*\}$/, // {API-KEY}, the docs' style
  /^:[A-Z][A-Z0-9_]*:$/, // :MONGOD_VERSION: (a build-time token)
  /^%[A-Za-z_][A-Za-z0-9_]*%$/, // %VAR% (Windows)
  /^__[A-Z][A-Z0-9_]*__$/, // __VAR__
  /^@[A-Za-z_][A-Za-z0-9_.]*@$/, // @VAR@ (Maven, autoconf)
  /^YOUR[_-][A-Z0-9_-]+$/, // YOUR_SLACK_TOKEN
  /^your(?:[_-][a-z]+)+$/, // your-api-key (words only: your_token_is_k8s9 may be a password)
  /^your(?:[A-Z][a-z0-9]*)+$/, // yourApiKey
  /^MY_[A-Z0-9_]+$/, // MY_API_KEY
  /^(?:CHANGE|REPLACE)[_-]?ME(?:[_-][A-Za-z0-9_-]+)?$/i, // CHANGE_ME, changeme, REPLACE_ME_WITH_KEY
  /^(?:REPLACE|INSERT)[_-](?:WITH[_-])?[A-Z0-9_-]+$/, // REPLACE_WITH_TOKEN, INSERT_KEY_HERE
  /^[A-Z][A-Z0-9_]*_HERE$/, // API_KEY_HERE
  /^(?:TODO|TBD|FIXME|PLACEHOLDER|SECRET_PLACEHOLDER)$/i,
  /^x{3,40}$/i, // xxxx
];

/**
 * The forms joined into one expression per flag set: a value that is no placeholder (most values
 * asked, every digest's place and secret) is refused by two tests instead of one per form. Each
 * form is anchored at both ends, so the alternation matches exactly where one of them does.
 */
const JOINED_FORMS: readonly RegExp[] = [...new Set(WHOLE_FORMS.map((re) => re.flags))].map((flags) => {
  const forms = WHOLE_FORMS.filter((re) => re.flags === flags).map((re) => {
    if (!re.source.startsWith('^') || !re.source.endsWith('$') || re.source.endsWith('\\$')) throw new Error(`omlint: a whole placeholder form must be anchored: ${re.source}`);
    return `(?:${re.source.slice(1, -1)})`;
  });
  return new RegExp(`^(?:${forms.join('|')})$`, flags);
});

/** Substitutions inside a longer value (a URL with its secret part templated). */
const INTERPOLATION = /\$\{[^{}]*\}|\$\{\{[^{}]*\}\}|\{\{(?:[^}]|\}(?!\}))*\}\}|\$\([^()]*\)/g;

/** Whether the whole value (surrounding blanks aside) is one placeholder form. */
export function isWholePlaceholder(value: string): boolean {
  const v = value.trim();
  return v !== '' && v.length <= 512 && JOINED_FORMS.some((re) => re.test(v));
}

/**
 * Template values made of parts: substitutions joined by separators (`${USER}:${PASS}`), or a URL
 * whose path, query or user-info segment is wholly a placeholder
 * (`https://hooks.slack.com/services/${SLACK_PATH}`): the secret part is the tool's to fill in.
 */
function isCompositeTemplate(value: string): boolean {
  if (value.length > 2048) return false;
  // Every substitution starts with `$` or `{`: without either there is nothing to replace.
  const rest = value.includes('$') || value.includes('{') ? value.replace(INTERPOLATION, '\u0000') : value;
  if (rest === value) return urlWithPlaceholderSegment(value);
  if (/^[\s\u0000:/@._,;=+#-]*$/.test(rest)) return true;
  return urlWithPlaceholderSegment(value);
}

function urlWithPlaceholderSegment(value: string): boolean {
  if (!value.includes('://')) return false;
  const m = /^[a-z][a-z0-9+.-]*:\/\/(.+)$/i.exec(value);
  if (!m) return false;
  // Segments of user-info, host, path and query; the first (a host or user name) is never secret.
  return m[1].split(/[/?&=@#:]/).some((segment, i) => i > 0 && isWholePlaceholder(segment));
}

/**
 * Whether a value is a template, not a literal: a built-in form, or a match of one of the
 * config's `secretPlaceholders` (which match anywhere unless anchored with ^…$).
 */
export function isPlaceholder(value: unknown, extra: readonly PlaceholderPattern[] = []): boolean {
  if (typeof value !== 'string') return false;
  if (isWholePlaceholder(value) || isCompositeTemplate(value)) return true;
  return extra.some((re) => {
    if (re instanceof RegExp) re.lastIndex = 0; // a /g or /y RegExp keeps state between calls
    return re.test(value);
  });
}

/** A `secretPlaceholders` pattern that cannot be compiled: the config error says why. */
export class PlaceholderPatternError extends Error {}

/**
 * Compiles a user-supplied pattern with RE2 (re2js): matching is linear in the value, so a
 * pattern such as `^(a+)+$` cannot hang a run. RE2 has no look-around and no back-references;
 * such a pattern is refused with the reason.
 */
export function compilePlaceholderPattern(source: string): PlaceholderPattern {
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (e) {
    throw new PlaceholderPatternError(`${(e as Error).message.replace(/^error parsing regexp: /, '')} (patterns use RE2 syntax: no look-around or back-references)`);
  }
  return { source, test: (value: string) => re.test(value) };
}

/** The message of the info that replaces a check of a template value. */
export function templateMessage(what: string, value: string, rules: readonly string[]): string {
  const shown = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return `${what} is a template value (${JSON.stringify(shown)}): not checked${rules.length ? ` by ${rules.join(', ')}` : ''}. omlint checks the value once the template is filled in.`;
}
