import rule from '../../rules/integration-field-not-applicable';
import { ruleTester } from '../rule-tester';

const otherType = (line: number) => ({ messageId: 'otherType', line, column: 1 });

ruleTester(rule, {
  valid: [
    { name: 'SLACK with its optional channelName', code: 'type: SLACK\napiToken: ${T}\nteamName: Example\nchannelName: ops\n' },
    { name: 'OPS_GENIE with region', code: 'type: OPS_GENIE\napiKey: ${K}\nregion: EU\n' },
    { name: 'VICTOR_OPS with routingKey', code: 'type: VICTOR_OPS\napiKey: ${K}\nroutingKey: db\n' },
    { name: 'WEBHOOK with secret and id', code: 'type: WEBHOOK\nurl: ${U}\nsecret: ${S}\nid: 5628faffd4c606594adaa3b2\n' },
    // A field no integration type knows is unknown-field's business.
    { name: 'a field no type knows', code: 'type: WEBHOOK\nurl: ${U}\nName: hook\n' },
    { name: 'an unknown type', code: 'type: CARRIER_PIGEON\nchannelName: ops\n' },
  ],
  invalid: [
    { name: 'channelName on WEBHOOK (removed)', code: 'type: WEBHOOK\nurl: ${U}\nchannelName: ops\n', errors: [otherType(3)], output: 'type: WEBHOOK\nurl: ${U}\n' },
    { name: 'tlsPemPath on DATADOG', code: 'type: DATADOG\napiKey: ${K}\ntlsPemPath: /etc/x.pem\n', errors: [otherType(3)], output: 'type: DATADOG\napiKey: ${K}\n' },
    {
      name: 'serviceKey and roomName on SLACK',
      code: 'type: SLACK\nserviceKey: ${K}\napiToken: ${T}\nteamName: E\nroomName: r\n',
      errors: [otherType(2), otherType(5)],
      output: 'type: SLACK\napiToken: ${T}\nteamName: E\n',
    },
    {
      name: 'names the types the field belongs to',
      code: 'type: DATADOG\napiKey: ${K}\napiToken: ${T}\n',
      errors: [{ ...otherType(3), message: /(?=.*SLACK)(?=.*FLOWDOCK)(?=.*DATADOG)/ }],
      output: 'type: DATADOG\napiKey: ${K}\n',
    },
  ],
});
