import rule, { authExample } from '../../rules/auth-mechanism-switch';
import { ruleTester } from '../rule-tester';

const SCRAM = 'SCRAM-SHA-256';
const X509 = 'MONGODB-X509';
const CR = 'MONGODB-CR';
const SHA1 = 'SCRAM-SHA-1';
/** The example deployment on MongoDB 3.6, where the MONGODB-CR protocol still exists. */
const on36 = (text: string) => text.replace(/7\.0\.12/g, '3.6.23').replace(/"7\.0"/g, '"3.6"');

ruleTester(rule, {
  valid: [
    { name: 'step 1: X.509 added beside SCRAM', base: authExample([SCRAM], [SCRAM]), code: authExample([SCRAM, X509], [SCRAM]) },
    { name: 'step 2: the agent moves to X.509, SCRAM still accepted', base: authExample([SCRAM, X509], [SCRAM]), code: authExample([SCRAM, X509], [X509]) },
    { name: 'step 3: SCRAM removed once the agent is on X.509', base: authExample([SCRAM, X509], [X509]), code: authExample([X509], [X509]) },
    { name: 'authentication turned off is not a switch', base: authExample([SCRAM], [SCRAM]), code: authExample([X509], [X509]).replace('disabled: false', 'disabled: true') },
    { name: 'MONGODB-CR → SCRAM-SHA-1 on 7.0: the automation\'s two names of one mechanism, no switch', base: authExample([CR], [CR]), code: authExample([SHA1], [SHA1]) },
    { name: 'SCRAM-SHA-1 → MONGODB-CR on 7.0: no switch either', base: authExample([SHA1], [SHA1]), code: authExample([CR], [CR]) },
    { name: 'the agent renamed MONGODB-CR → SCRAM-SHA-1 while MONGODB-CR leaves the deployment: the same mechanism', base: authExample([CR, SCRAM], [CR]), code: authExample([SHA1, SCRAM], [SHA1]) },
    { name: 'authentication turned on is not a switch', base: authExample([SCRAM], [SCRAM]).replace('disabled: false', 'disabled: true'), code: authExample([X509], [X509]) },
  ],
  invalid: [
    {
      name: 'MONGODB-CR → SCRAM-SHA-1 on MongoDB 3.6: MONGODB-CR clients still exist there, a switch',
      base: on36(authExample([CR], [CR])),
      code: on36(authExample([SHA1], [SHA1])),
      errors: [{ messageId: 'switched', pointer: '/auth/deploymentAuthMechanisms' }],
    },
    {
      name: 'MONGODB-CR → SCRAM-SHA-256 on 7.0: other credentials, a switch',
      base: authExample([CR], [CR]),
      code: authExample([SCRAM], [SCRAM]),
      errors: [{ messageId: 'switched', pointer: '/auth/deploymentAuthMechanisms' }],
    },
    {
      name: 'SCRAM → X.509 in one change, agent included: one finding, at the deployment list',
      base: authExample([SCRAM], [SCRAM]),
      code: authExample([X509], [X509]),
      errors: [
        {
          messageId: 'switched',
          severity: 'warning',
          pointer: '/auth/deploymentAuthMechanisms',
          line: 8,
          column: 3,
          related: [{ file: 'base', pointer: '/auth/deploymentAuthMechanisms', line: 8 }],
          message:
            'auth.deploymentAuthMechanisms goes from [SCRAM-SHA-256] to [MONGODB-X509] in one change, with no mechanism in common: while the change rolls through the members, clients and agents that authenticate with the old mechanism are refused by members that already run the new one. Add the new mechanism first (keep the old), move the agent and the users to it, then remove the old one in a later change. How the agents order a switch in one change is not documented.',
        },
      ],
    },
    {
      name: 'the agent moves to X.509 while SCRAM is removed from the deployment (X.509 already there)',
      base: authExample([SCRAM, X509], [SCRAM]),
      code: authExample([X509], [X509]),
      errors: [
        {
          messageId: 'agentOffRemoved',
          pointer: '/auth/autoAuthMechanisms',
          line: 6,
          column: 3,
          message:
            'The agent moves from [SCRAM-SHA-256] to [MONGODB-X509] in the same change that removes SCRAM-SHA-256 from auth.deploymentAuthMechanisms: the agents authenticate with the old mechanism until they take the new configuration, and members that already dropped it refuse them. Move the agent in one change, and remove its old mechanism from the deployment in a later one. How the agents order the two is not documented.',
        },
      ],
    },
  ],
});
