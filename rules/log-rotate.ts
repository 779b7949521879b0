// logRotate / auditLogRotate settings, at the top level and per process: numUncompressed and its
// earlier name maxUncompressed are one setting, percentOfDiskspace is a fraction, and numTotal
// counts all kept files, compressed or not.
import { defineRule } from '../src/core/rule';
import { joinPointer } from '../src/core/pointer';
import type { RuleContext } from '../src/core/types';
import { topologyOf, isObject } from '../src/model/automation-topology';
import { LEGACY_NUM_UNCOMPRESSED, LOG_ROTATE_KEYS } from '../src/model/automation';

/**
 * `at`/`key`: where the setting is (the top level, or a process). Its pointer is written only for
 * a report: a pointer string per process, for thousands of processes of which a few have
 * something to say, was most of the rule's time on a big configuration.
 */
function checkLogRotate(ctx: RuleContext, value: unknown, at: { readonly pointer: string }, key: string): void {
  if (!isObject(value)) return;
  const legacy = value[LEGACY_NUM_UNCOMPRESSED];
  const num = value.numUncompressed;
  if (legacy !== undefined && num !== undefined) {
    const legacyPointer = joinPointer(at.pointer, key, LEGACY_NUM_UNCOMPRESSED);
    const suggestions = [{ title: 'Remove maxUncompressed', ops: [{ op: 'remove' as const, pointer: legacyPointer }] }];
    // Equal values: OM accepts the pair and returns it unchanged in a GET, so it is no error, only clutter.
    if (legacy === num) {
      ctx.report({
        pointer: legacyPointer,
        target: 'key',
        severity: 'info',
        messageId: 'sameValueBothNames',
        data: { num: JSON.stringify(num) },
        suggestions,
      });
    } else {
      ctx.report({
        pointer: legacyPointer,
        target: 'key',
        messageId: 'bothNames',
        data: { legacy: JSON.stringify(legacy), num: JSON.stringify(num) },
        suggestions,
      });
    }
  }
  const pct = value.percentOfDiskspace;
  if (typeof pct === 'number' && !(pct > 0 && pct <= 1)) {
    ctx.report({
      pointer: joinPointer(at.pointer, key, 'percentOfDiskspace'),
      messageId: 'percentOutOfRange',
      data: { pct, advice: pct > 1 && pct <= 100 ? `Write ${pct / 100} for ${pct}%.` : 'Use a value such as 0.02.' },
    });
  }
  const total = value.numTotal;
  const uncompressed = typeof num === 'number' ? num : legacy;
  // numTotal 0 (the default) means "determined by the other settings".
  if (typeof total === 'number' && total > 0 && typeof uncompressed === 'number' && total < uncompressed) {
    ctx.report({
      pointer: joinPointer(at.pointer, key, 'numTotal'),
      severity: 'warning',
      messageId: 'totalBelowUncompressed',
      data: { total, uncompressed },
    });
  }
}

const TOP_LEVEL = { pointer: '' };

export default defineRule({
  meta: {
    id: 'log-rotate',
    kinds: ['automation-config'],
    defaultSeverity: 'error',
    hasSuggestions: true,
    description:
      'Both maxUncompressed and numUncompressed; percentOfDiskspace outside (0, 1]; numTotal below numUncompressed (warning). ' +
      'Top level and per process.',
    messages: {
      percentOutOfRange: 'percentOfDiskspace {{pct}} is outside (0, 1]: it is a fraction of the disk (default 0.02), not a percentage. {{advice}}',
      bothNames: 'Both maxUncompressed ({{legacy}}) and numUncompressed ({{num}}) are set; they are one setting (maxUncompressed is the earlier name) and the server keeps only one. Remove maxUncompressed.',
      sameValueBothNames: 'maxUncompressed repeats numUncompressed (both {{num}}); OM accepts the pair and returns it as it is, but they are one setting (maxUncompressed is the earlier name). Remove maxUncompressed to clean up.',
      totalBelowUncompressed: 'numTotal {{total}} is below numUncompressed {{uncompressed}}: numTotal counts every kept log file, compressed or not, so fewer uncompressed files will be kept than asked. Raise numTotal to at least {{uncompressed}}.',
    },
    docs: {
      versions: 'every version. Equal maxUncompressed and numUncompressed (which OM accepts and returns in a GET) are information; different values an error. Process-level logRotate needs OM 7.0.4 / 6.0.24 or later (not checked: a document does not name its OM version).',
      why:
        '`numUncompressed` replaced the earlier `maxUncompressed`; with both set it is unclear which one the server ' +
        'keeps. `percentOfDiskspace` is a fraction (0.02 means 2%), so 2 or 40 would let logs take the whole disk. ' +
        '`numTotal` counts all kept files, so a value below `numUncompressed` keeps fewer files than asked.',
      bad: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions: []
logRotate:
  sizeThresholdMB: 1000
  timeThresholdHrs: 24
  numUncompressed: 5
  percentOfDiskspace: 40
processes: []
replicaSets: []
sharding: []
`,
      good: `version: 3
options:
  downloadBase: /var/lib/mongodb-mms-automation
mongoDbVersions: []
logRotate:
  sizeThresholdMB: 1000
  timeThresholdHrs: 24
  numUncompressed: 5
  numTotal: 10
  percentOfDiskspace: 0.4
processes: []
replicaSets: []
sharding: []
`,
    },
  },
  check(ctx) {
    const doc = ctx.value;
    if (!isObject(doc)) return;
    for (const key of LOG_ROTATE_KEYS) checkLogRotate(ctx, (doc as Record<string, unknown>)[key], TOP_LEVEL, key);
    for (const p of topologyOf(ctx.facts).processes) {
      for (const key of LOG_ROTATE_KEYS) checkLogRotate(ctx, p.value[key], p, key);
    }
  },
});
