import rule from '../../rules/download-base';
import { ruleTester } from '../rule-tester';

/** The downloadBase value is on line 2, column 17. */
const options = (downloadBase: string) => `options:\n  downloadBase: ${downloadBase}\n`;
const notAbsolute = { messageId: 'notAbsolute', line: 2, column: 17, severity: 'error' as const };

ruleTester(rule, {
  valid: [
    { name: 'the default directory', code: options('/var/lib/mongodb-mms-automation') },
    { name: 'another absolute directory (real download_base fixture)', code: options('/opt/mongodb/automation') },
    { name: 'a value of the wrong type (the schema reports it)', code: options('42') },
    { name: 'no options', code: 'processes: []\n' },
    { name: 'a Windows path in downloadBaseWindows', code: `${options('/var/lib/mongodb-mms-automation')}  downloadBaseWindows: '%SystemDrive%\\MMSAutomation\\versions'\n` },
  ],
  invalid: [
    { name: 'a relative path', code: options('mongodb-mms-automation'), errors: [notAbsolute] },
    { name: 'a home-relative path', code: options('~/automation'), errors: [notAbsolute] },
    { name: 'an empty string', code: options('""'), errors: [notAbsolute] },
    { name: 'a Windows path', code: options("'C:\\MMSAutomation\\versions'"), errors: [{ ...notAbsolute, messageId: 'windowsPath' }] },
    {
      name: 'a Windows path goes to downloadBaseWindows',
      code: options("'%SystemDrive%\\MMSAutomation\\versions'"),
      errors: [{ ...notAbsolute, messageId: 'windowsPath', pointer: '/options/downloadBase', message: /Put Windows paths in options\.downloadBaseWindows/ }],
    },
  ],
});
