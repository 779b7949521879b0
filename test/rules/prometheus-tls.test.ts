import rule from '../../rules/prometheus-tls';
import { ruleTester } from '../rule-tester';

const prometheus = (extra: string) =>
  'type: PROMETHEUS\nenabled: true\nusername: u\npassword: ${P}\nlistenAddress: 0.0.0.0:9216\nserviceDiscovery: http\n' + extra;
const httpsWithoutPem = { messageId: 'httpsWithoutPem', line: 7, column: 9, severity: 'error' as const };
const passwordWithoutPem = { messageId: 'passwordWithoutPem', line: 8, column: 1, severity: 'warning' as const };

ruleTester(rule, {
  valid: [
    { name: 'http without TLS', code: prometheus('scheme: http\n') },
    { name: 'https with an absolute tlsPemPath', code: prometheus('scheme: https\ntlsPemPath: /etc/mongodb-mms/prom.pem\n') },
    { name: 'https with a password-protected PEM', code: prometheus('scheme: https\ntlsPemPath: /etc/p.pem\ntlsPemPassword: ${PEM_PW}\n') },
    { name: 'a Windows path', code: prometheus('scheme: https\ntlsPemPath: C:\\MMS\\prom.pem\n') },
    { name: 'another integration type', code: 'type: WEBHOOK\nurl: ${U}\nscheme: https\n' },
  ],
  invalid: [
    { name: 'https without tlsPemPath', code: prometheus('scheme: https\n'), errors: [httpsWithoutPem] },
    { name: 'a relative tlsPemPath', code: prometheus('scheme: https\ntlsPemPath: certs/prom.pem\n'), errors: [{ messageId: 'relativePemPath', line: 8, column: 13, severity: 'error' }] },
    { name: 'tlsPemPassword without tlsPemPath', code: prometheus('scheme: http\ntlsPemPassword: ${PEM_PW}\n'), errors: [passwordWithoutPem] },
    { name: 'https with only a password', code: prometheus('scheme: https\ntlsPemPassword: ${PEM_PW}\n'), errors: [httpsWithoutPem, passwordWithoutPem] },
  ],
});
