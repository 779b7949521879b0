// The share link's fragment: the whole playground state, any text (non-ASCII, CRLF, a BOM) back
// exactly; a fragment that is not one of ours opens the default document, never an error.
import { describe, expect, it } from 'vitest';
import { decodeState, encodeState } from '../../site/src/share';

describe('share link fragment', () => {
  it('round-trips document, kind, target version and config, in URL-safe characters only', () => {
    const state = { text: '\ufeffeventTypeName: HOST_DOWN\r\n# café ✓ 𝄞\r\n', kind: 'alert-config', target: '7.0', config: 'rules:\n  metric-name: warning\n' };
    const encoded = encodeState(state);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeState(`#s=${encoded}`)).toEqual(state);
  });

  it('ignores fragments that are not a playground state', () => {
    const b64 = (json: string) => btoa(json).replace(/=+$/, '');
    for (const hash of ['', '#', '#quick-start', '#s=', '#s=!!!', `#s=${b64('not json')}`, `#s=${b64('[1,2]')}`, `#s=${b64('null')}`, `#s=${b64('{"v":2,"text":"a"}')}`]) {
      expect(decodeState(hash), hash).toBeUndefined();
    }
  });
});
