// options.downloadBase is the directory on Linux/UNIX hosts where the agent stores binaries and
// startup scripts; the agent needs an absolute path (it runs from no particular directory).
import { defineRule } from '../src/core/rule';
import { isObject } from '../src/model/automation-topology';

const WINDOWS_PATH = /^(?:[A-Za-z]:[\\/]|%[A-Za-z]+%|\\\\)/;

export default defineRule({
  meta: {
    id: 'download-base',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    description: 'options.downloadBase not an absolute path.',
    messages: {
      windowsPath: 'downloadBase {{base}} is a Windows path; downloadBase is the directory on Linux and UNIX hosts and must start with "/". Put Windows paths in options.downloadBaseWindows.',
      notAbsolute: 'downloadBase {{base}} is not an absolute path; the agent needs a directory starting with "/", such as "/var/lib/mongodb-mms-automation".',
    },
    docs: {
      versions: 'every version: the rule reads no version.',
      why:
        '`options.downloadBase` is the directory on Linux and UNIX hosts where the automation agent downloads MongoDB ' +
        'binaries and writes startup scripts. The agent resolves nothing relative to its working directory, so the ' +
        'path must be absolute (the default is `/var/lib/mongodb-mms-automation`). Windows hosts use ' +
        '`options.downloadBaseWindows`.',
      bad: `version: 3
options:
  downloadBase: mongodb-mms-automation
mongoDbVersions: []
processes: []
replicaSets: []
sharding: []
`,
      good: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
  downloadBaseWindows: '%SystemDrive%\\MMSAutomation\\versions'
mongoDbVersions: []
processes: []
replicaSets: []
sharding: []
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc) || !isObject(doc.options)) return;
    const base = doc.options.downloadBase;
    if (typeof base !== 'string' || base.startsWith('/')) return;
    ctx.report({
      pointer: '/options/downloadBase',
      messageId: WINDOWS_PATH.test(base) ? 'windowsPath' : 'notAbsolute',
      data: WINDOWS_PATH.test(base) ? { base: JSON.stringify(base) } : { base: JSON.stringify(base) },
    });
  },
});
