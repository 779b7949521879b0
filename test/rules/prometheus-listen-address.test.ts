import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'prometheus-listen-address';

async function hits(text: string) {
  const diagnostics = await lintDoc(text, { kind: 'integration' });
  return diagnostics.filter((d) => d.ruleId === RULE).map((d) => [d.range.start.line, d.range.start.column]);
}

const prometheus = (address: string) =>
  `type: PROMETHEUS\nenabled: true\nusername: u\npassword: \${P}\nlistenAddress: "${address}"\nserviceDiscovery: http\nscheme: http\n`;

describe(RULE, () => {
  it.each(['0.0.0.0:9216', '10.1.2.3:1', '192.0.2.10:65535', '[::]:9216', '[2001:db8::10]:9216', '[::ffff:192.0.2.1]:80'])(
    'accepts %s',
    async (address) => {
      expect(await hits(prometheus(address))).toEqual([]);
    },
  );

  it.each([
    '9216', // no IP
    '0.0.0.0', // no port
    'localhost:9216', // a host name, not an IP
    '0.0.0.0:0',
    '0.0.0.0:65536',
    '::1:9216', // IPv6 without brackets
    '[0.0.0.0]:9216', // brackets are for IPv6
    '256.0.0.1:9216',
    '0.0.0.0:92a6',
  ])('reports %s', async (address) => {
    expect(await hits(prometheus(address))).toEqual([[5, 16]]);
  });

  it('ignores other integration types', async () => {
    expect(await hits('type: WEBHOOK\nurl: ${U}\nlistenAddress: nowhere\n')).toEqual([]);
  });
});
