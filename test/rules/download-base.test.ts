import { describe, expect, it } from 'vitest';
import { lintDoc } from '../helpers';

const RULE = 'download-base';

async function diagnostics(text: string) {
  return (await lintDoc(text, { kind: 'automation-config' })).filter((d) => d.ruleId === RULE);
}
async function hits(text: string) {
  return (await diagnostics(text)).map((d) => [d.range.start.line, d.range.start.column, d.severity]);
}

/** The downloadBase value is on line 2, column 17. */
const options = (downloadBase: string) => `options:\n  downloadBase: ${downloadBase}\n`;

describe(RULE, () => {
  it.each([
    ['the default directory', options('/var/lib/mongodb-mms-automation')],
    ['another absolute directory (real download_base fixture)', options('/opt/mongodb/automation')],
    ['a value of the wrong type (the schema reports it)', options('42')],
    ['no options', 'processes: []\n'],
    ['a Windows path in downloadBaseWindows', `${options('/var/lib/mongodb-mms-automation')}  downloadBaseWindows: '%SystemDrive%\\MMSAutomation\\versions'\n`],
  ])('accepts %s', async (_name, text) => {
    expect(await hits(text)).toEqual([]);
  });

  it.each([
    ['a relative path', options('mongodb-mms-automation')],
    ['a home-relative path', options('~/automation')],
    ['an empty string', options('""')],
    ['a Windows path', options("'C:\\MMSAutomation\\versions'")],
  ])('reports %s', async (_name, text) => {
    expect(await hits(text)).toEqual([[2, 17, 'error']]);
  });

  it('sends Windows paths to downloadBaseWindows', async () => {
    const [d] = await diagnostics(options("'%SystemDrive%\\MMSAutomation\\versions'"));
    expect(d.pointer).toBe('/options/downloadBase');
    expect(d.message).toContain('Put Windows paths in options.downloadBaseWindows');
  });
});
