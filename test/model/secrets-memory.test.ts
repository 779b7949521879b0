// The secrets of a document are found once per DocumentFacts (its rules and the masking share
// them) and held by nothing else: dropping the facts lets the document go.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DocumentFacts } from '../../src/core/facts';
import { documentSecrets, findSecrets, findSecretsOfAnyKind } from '../../src/model/secrets';

const alert = (token: string) => ({ eventTypeName: 'HOST_DOWN', notifications: [{ typeName: 'SLACK', apiToken: token, channelName: '#db' }] });

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('documentSecrets: found once per document\'s facts', () => {
  it('asked again with the same facts (two rules, then the masking): the same locations, not found again', () => {
    const facts = new DocumentFacts(alert('xoxb-1111111111-AAAAAAAAAA'));
    const first = documentSecrets(facts, 'alert-config');
    expect(first.map((s) => s.pointer)).toEqual(['/notifications/0/apiToken']);
    expect(documentSecrets(facts, 'global-alert-config')).toBe(first);
    expect(findSecretsOfAnyKind(facts.value, facts)).toContain(first[0]);
  });

  it('other facts of the same value, or findSecrets: found anew (nothing shared outside the facts)', () => {
    const doc = alert('xoxb-2222222222-BBBBBBBBBB');
    const fromA = documentSecrets(new DocumentFacts(doc), 'alert-config');
    const again = documentSecrets(new DocumentFacts(doc), 'alert-config');
    expect(again).not.toBe(fromA);
    expect(again).toEqual(fromA);
    expect(findSecrets('alert-config', doc)).not.toBe(fromA);
    expect(findSecrets('alert-config', doc)).toEqual(fromA);
  });

  it('dropped with its facts: nothing of the document is held (a WeakRef to it clears)', async () => {
    let doc: object | undefined = alert('xoxb-3333333333-CCCCCCCCCC');
    const ref = new WeakRef(doc);
    let facts: DocumentFacts | undefined = new DocumentFacts(doc);
    documentSecrets(facts, 'alert-config');
    findSecretsOfAnyKind(doc, facts);
    findSecrets('integration', doc);
    doc = undefined;
    facts = undefined;
    // WeakRef targets are kept to the end of the current job.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(ref.deref()).toBeUndefined();
  });
});
