// "a" or "an" before a word, by how the word is spoken, not how it is spelt: "an EMAIL
// notification", "an SMS notification" (es-em-es), "a USER notification" (you-ser), "a HIP_CHAT
// integration" (hip), "an OPS_GENIE integration", "an LDAP server" (el-dap), "a URL" (you-ar-el).
// Messages name API constants (EMAIL, SMS, OPS_GENIE), so a fixed "A ${type}" is wrong for many.
//
// How a word is read:
// - a capitalised token without a vowel (SMS, SNMP, HTTP), or a known initialism (URL, LDAP,
//   OIDC, FCV, …), is spelt letter by letter: "an" when its first letter's name starts with a
//   vowel sound (A E F H I L M N O R S X: ay, ee, ef, aitch, eye, el, em, en, oh, ar, es, ex);
// - any other word is read as a word: "an" before a vowel sound, with the usual exceptions
//   (u read "you": user, unique, url-like "use…"; eu/one read with a consonant; a silent h:
//   hour, honest, honour, heir).
// Only the first part of a compound counts (OPS_GENIE → "OPS", PAGER_DUTY → "PAGER").

/** All-capital tokens with a vowel that are still spelt out when read. */
const INITIALISMS = new Set(['URL', 'URI', 'UUID', 'LDAP', 'OIDC', 'API', 'IP', 'ID', 'AWS', 'FCV', 'OM', 'UTC', 'TLS', 'SSL', 'SAML', 'OU', 'IAM']);
const VOWEL_LETTER_NAMES = new Set('AEFHILMNORSX');

function spelt(token: string): boolean {
  return token.length > 1 && token === token.toUpperCase() && (INITIALISMS.has(token) || !/[AEIOUY]/.test(token));
}

function startsWithVowelSound(word: string): boolean {
  const w = word.toLowerCase();
  if (/^(hour|honest|honou?r|heir)/.test(w)) return true;
  // "u" read as "you": user, unique, unit, usage, usual, utility, uri…
  if (/^u(s|ni|ti|ri|ra|ro|bi|k)/.test(w) || /^(eu|one|once)/.test(w)) return false;
  return /^[aeiou]/.test(w);
}

/** The article for `word` ("a" or "an"), by sound. */
export function articleFor(word: string): 'a' | 'an' {
  const first = word.trim().split(/[_\s-]/)[0] ?? '';
  if (first === '') return 'a';
  // Numbers as read: "an 8.0", "an 11", "an 18", "an 80"; "a 7.0".
  if (/^\d/.test(first)) return /^(8|11|18)(\D|$)|^8\d/.test(first) ? 'an' : 'a';
  if (spelt(first)) return VOWEL_LETTER_NAMES.has(first[0]) ? 'an' : 'a';
  return startsWithVowelSound(first) ? 'an' : 'a';
}

/** `word` with its article: "an EMAIL", "a USER". */
export function withArticle(word: string): string {
  return `${articleFor(word)} ${word}`;
}

/** As withArticle, capitalised at the start of a sentence: "An EMAIL". */
export function WithArticle(word: string): string {
  const a = articleFor(word);
  return `${a === 'a' ? 'A' : 'An'} ${word}`;
}
