import rule, { tlsExample } from '../../rules/tls-mode-jump';
import { ruleTester } from '../rule-tester';

const all = (mode: string | undefined, n = 3) => Array<string | undefined>(n).fill(mode);

ruleTester(rule, {
  valid: [
    { name: 'one step up on every member: allowTLS → preferTLS', base: tlsExample(all('allowTLS')), code: tlsExample(all('preferTLS')) },
    { name: 'one step up: preferTLS → requireTLS', base: tlsExample(all('preferTLS')), code: tlsExample(all('requireTLS')) },
    { name: 'first step from no TLS section: allowTLS', base: tlsExample(all(undefined)), code: tlsExample(all('allowTLS')) },
    { name: 'one step down: requireTLS → preferTLS', base: tlsExample(all('requireTLS')), code: tlsExample(all('preferTLS')) },
    { name: 'SSL spellings count as their TLS names: requireSSL → requireTLS is no change', base: tlsExample(all('requireSSL')), code: tlsExample(all('requireTLS')) },
    { name: 'members added with the TLS mode unchanged', base: tlsExample(all('requireTLS')), code: tlsExample(all('requireTLS', 5)) },
    { name: 'a misspelt mode is tls-mode-spelling\'s, not a jump', base: tlsExample(all('disabled')), code: tlsExample(['requireTls', 'disabled', 'disabled']) },
  ],
  invalid: [
    {
      name: 'allowTLS → requireTLS on one member: skips preferTLS, at its mode, the base mode related',
      base: tlsExample(all('allowTLS')),
      code: tlsExample(['requireTLS', 'allowTLS', 'allowTLS']),
      errors: [
        {
          messageId: 'jump',
          severity: 'warning',
          pointer: '/processes/0/args2_6/net/tls/mode',
          line: 23,
          column: 17,
          related: [{ file: 'base', pointer: '/processes/0/args2_6/net/tls/mode', line: 23 }],
          message:
            'The TLS mode of process "rs0-0" goes from allowTLS to requireTLS in one change, skipping preferTLS. The MongoDB manual moves a running deployment one step at a time (allowTLS, then preferTLS, then requireTLS, each on every member before the next) so that members and clients keep connecting while some members already run the new mode; make one change per step and let each reach goal state. Whether the automation agent orders such a jump safely is not documented.',
        },
      ],
    },
    {
      name: 'no TLS at all → requireTLS on each process (every one reported)',
      base: tlsExample(all(undefined)),
      code: tlsExample(all('requireTLS')),
      errors: [0, 1, 2].map((i) => ({ messageId: 'jump', pointer: `/processes/${i}/args2_6/net/tls/mode`, message: new RegExp(`^The TLS mode of process "rs0-${i}" goes from disabled \\(no TLS mode\\) to requireTLS in one change, skipping allowTLS and preferTLS\\.`) })),
    },
    {
      name: 'back: requireTLS → disabled, removing the section (at the process\'s args2_6 key)',
      base: tlsExample(['requireTLS']),
      code: tlsExample([undefined]),
      errors: [{ messageId: 'jump', pointer: '/processes/0/args2_6', line: 19, column: 5, message: /goes from requireTLS to disabled \(no TLS mode\) in one change, skipping preferTLS and allowTLS\./ }],
    },
    {
      name: 'a TLS step and a scale-up in one change: the members key',
      base: tlsExample(all('preferTLS')),
      code: tlsExample(all('requireTLS', 4)),
      errors: [
        {
          messageId: 'withMembers',
          severity: 'warning',
          pointer: '/replicaSets/0/members',
          message:
            'Replica set "rs0" changes the TLS mode of "rs0-0", "rs0-1", "rs0-2" in the same change as its members (1 added). The MongoDB Kubernetes operator refuses to disable TLS while scaling because the combined change did not reach goal state (mongodb/mongodb-kubernetes PR #549); change TLS and membership in separate changes. Whether Ops Manager handles other combinations is not documented.',
        },
      ],
    },
    {
      name: 'TLS disabled (one step) while scaling down',
      base: tlsExample(all('allowTLS', 4)),
      code: tlsExample(all('disabled', 3)),
      errors: [{ messageId: 'withMembers', pointer: '/replicaSets/0/members', message: /changes the TLS mode of "rs0-0", "rs0-1", "rs0-2" in the same change as its members \(1 removed\)/ }],
    },
  ],
});
