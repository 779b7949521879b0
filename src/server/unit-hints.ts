// Inlay hints "units beside thresholds": an alert configuration's `metricThreshold.threshold` and
// `threshold.threshold` get the `units` the document gives them (API-SPEC: metricThreshold.units,
// "One of Units"), where a threshold and its units may be lines apart (JSON, a long mapping). Units
// left out get no hint: no source says which unit Ops Manager then assumes, and the metric →
// unit families of src/model/metrics.ts are inferences (../shared/DOMAIN.md), not facts to show.
import type { InlayHint } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isObject } from '../core/is-object';
import { unitFamily } from '../model/units';
import type { ParsedFile } from '../syntax/index';
import type { ItemInfo } from '../project/items';
import { spanToRange } from './positions';

/** The members of an alert configuration that hold a threshold with its units. */
const THRESHOLDS = ['metricThreshold', 'threshold'] as const;

export function thresholdUnitHints(doc: TextDocument, parsed: ParsedFile, items: ItemInfo[]): InlayHint[] {
  const out: InlayHint[] = [];
  for (const item of items) {
    if (item.kind !== 'alert-config' && item.kind !== 'global-alert-config') continue;
    if (!isObject(item.value)) continue;
    const pd = parsed.documents[item.docIndex];
    for (const key of THRESHOLDS) {
      const t = item.value[key];
      // A unit the API does not list is the schema's finding, not a hint.
      if (!isObject(t) || typeof t.threshold !== 'number' || typeof t.units !== 'string' || unitFamily(t.units) === undefined) continue;
      const at = pd.locate(`${item.base}/${key}/threshold`);
      if (!at) continue;
      out.push({ position: spanToRange(doc, at.value).end, label: t.units, paddingLeft: true, tooltip: `${key}.units: the threshold is read in ${t.units}` });
    }
  }
  return out;
}
