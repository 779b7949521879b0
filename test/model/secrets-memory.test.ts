// findSecrets remembers the secrets of one document only, and lets it go when the engine says so
// (issue 22: a WeakMap of every document's secrets kept each file's text alive through V8's
// scavenges; 50,000 files promoted 210 MB instead of 65 MB).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { findSecrets, forgetFoundSecrets } from '../../src/model/secrets';

const alert = (token: string) => ({ eventTypeName: 'HOST_DOWN', notifications: [{ typeName: 'SLACK', apiToken: token, channelName: '#db' }] });

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('findSecrets: found once per document, one document kept', () => {
  it('asked again for the same document (two rules, then the masking): the same locations, not found again', () => {
    const doc = alert('xoxb-1111111111-AAAAAAAAAA');
    const first = findSecrets('alert-config', doc);
    expect(first.map((s) => s.pointer)).toEqual(['/notifications/0/apiToken']);
    expect(findSecrets('alert-config', doc)).toBe(first);
  });

  it('another document in between: the first is found anew (only the last one is kept)', () => {
    const a = alert('xoxb-1111111111-AAAAAAAAAA');
    const b = alert('xoxb-2222222222-BBBBBBBBBB');
    const fromA = findSecrets('alert-config', a);
    findSecrets('alert-config', b);
    const again = findSecrets('alert-config', a);
    expect(again).not.toBe(fromA);
    expect(again).toEqual(fromA);
  });

  it('forgotten once a file is finished: nothing of the document is held (a WeakRef to it clears)', async () => {
    let doc: object | undefined = alert('xoxb-3333333333-CCCCCCCCCC');
    const ref = new WeakRef(doc);
    findSecrets('alert-config', doc);
    doc = undefined;
    forgetFoundSecrets();
    // WeakRef targets are kept to the end of the current job.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(ref.deref()).toBeUndefined();
  });
});
