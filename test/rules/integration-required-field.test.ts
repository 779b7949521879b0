import rule from '../../rules/integration-required-field';
import { ruleTester } from '../rule-tester';

const missing = (line: number, column = 7) => ({ messageId: 'missing', line, column });

ruleTester(rule, {
  valid: [
    { name: 'PAGER_DUTY', code: 'type: PAGER_DUTY\nserviceKey: ${PD_KEY}\n' },
    { name: 'SLACK without the optional channelName', code: 'type: SLACK\napiToken: ${TOKEN}\nteamName: Example\n' },
    { name: 'DATADOG', code: 'type: DATADOG\napiKey: ${DD_KEY}\n' },
    { name: 'HIP_CHAT', code: 'type: HIP_CHAT\nnotificationToken: ${T}\nroomName: ops\n' },
    { name: 'OPS_GENIE', code: 'type: OPS_GENIE\napiKey: ${K}\n' },
    { name: 'VICTOR_OPS', code: 'type: VICTOR_OPS\napiKey: ${K}\n' },
    { name: 'WEBHOOK', code: 'type: WEBHOOK\nurl: ${URL}\n' },
    { name: 'MICROSOFT_TEAMS', code: 'type: MICROSOFT_TEAMS\nmicrosoftTeamsWebhookUrl: ${URL}\n' },
    { name: 'PROMETHEUS', code: 'type: PROMETHEUS\nusername: u\npassword: ${P}\nlistenAddress: 0.0.0.0:9216\nserviceDiscovery: http\nscheme: http\nenabled: true\n' },
    { name: 'NEW_RELIC', code: 'type: NEW_RELIC\nlicenseKey: ${L}\naccountId: "1"\nwriteToken: ${W}\nreadToken: ${R}\n' },
    { name: 'an unknown type (the schema reports it)', code: 'type: CARRIER_PIGEON\n' },
    { name: 'no type', code: 'apiKey: ${K}\n' },
  ],
  invalid: [
    { name: 'SLACK without teamName', code: 'type: SLACK\napiToken: ${TOKEN}\nchannelName: ops\n', errors: [missing(1)] },
    { name: 'PAGER_DUTY without serviceKey', code: 'type: PAGER_DUTY\n', errors: [missing(1)] },
    { name: 'WEBHOOK without url', code: 'secret: ${S}\ntype: WEBHOOK\n', errors: [missing(2)] },
    { name: 'PROMETHEUS without listenAddress and enabled', code: 'type: PROMETHEUS\nusername: u\npassword: ${P}\nserviceDiscovery: http\nscheme: http\n', errors: [missing(1), missing(1)] },
    // A GET response omits the password (API-SPEC), so the unchanged GET gets a warning, not an error.
    {
      name: 'the PROMETHEUS password of a write body (API-SPEC: required in the body, omitted in responses)',
      code: 'type: PROMETHEUS\nusername: u\nlistenAddress: 0.0.0.0:9216\nserviceDiscovery: http\nscheme: http\nenabled: true\n',
      errors: [
        {
          messageId: 'missingInWriteBody',
          severity: 'warning',
          message: 'A PROMETHEUS integration needs password in a write body; a GET response leaves it out, so add it before a PUT, or the server rejects the configuration.',
        },
      ],
    },
    {
      name: 'names each missing field, and a key that differs only in case',
      fileName: 'teams.json',
      code: '{\n  "MicrosoftTeamsWebhookURL": "${URL}",\n  "type": "MICROSOFT_TEAMS"\n}\n',
      errors: [{ ...missing(3, 11), message: /(?=.*microsoftTeamsWebhookUrl)(?=.*MicrosoftTeamsWebhookURL)/ }],
    },
  ],
});
