// The share link: the playground's whole state in the URL fragment. A fragment never leaves the
// browser (it is not part of the request), so a shared document is sent to no server.
export interface PlaygroundState {
  text: string;
  kind: string;
  target: string;
  config: string;
}

/** base64url of the state's JSON (UTF-8). */
export function encodeState(s: PlaygroundState): string {
  const bytes = new TextEncoder().encode(JSON.stringify({ v: 1, ...s }));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The state of a fragment (`#s=…`), or undefined when there is none or it does not decode. */
export function decodeState(hash: string): PlaygroundState | undefined {
  const m = /^#?s=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) return undefined;
  try {
    const bin = atob(m[1].replace(/-/g, '+').replace(/_/g, '/'));
    const v = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)))) as Record<string, unknown>;
    if (v === null || typeof v !== 'object' || v.v !== 1 || typeof v.text !== 'string') return undefined;
    const str = (x: unknown) => (typeof x === 'string' ? x : '');
    return { text: str(v.text), kind: str(v.kind), target: str(v.target), config: str(v.config) };
  } catch {
    return undefined;
  }
}
