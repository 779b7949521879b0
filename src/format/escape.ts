// Terminal safety: text from documents (values quoted in messages, code-frame lines, file names)
// may hold ESC/OSC sequences that recolour, retitle or rewrite a terminal or a CI log, and bidi
// controls that reorder what is shown. They are written as visible escapes (\u001b).
const CONTROL_CLASS = '[\\u0000-\\u0008\\u000a-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]';
const CONTROLS = new RegExp(CONTROL_CLASS, 'g');
// A replace with a function runs in V8's runtime even where nothing matches; a test does not,
// and almost no line of a report holds a control.
const HAS_CONTROL = new RegExp(CONTROL_CLASS);

/** Whether escapeControls would change the text. */
export function hasControls(text: string): boolean {
  return HAS_CONTROL.test(text);
}

export function escapeControls(text: string): string {
  if (!HAS_CONTROL.test(text)) return text;
  return text.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
