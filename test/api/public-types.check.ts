// Type-level only (no runtime): the public types of src/api/types.ts against the internal ones they
// repeat. They stay two declarations because the package's d.ts is emitted from src/api alone
// (tsconfig.api.json rootDir) and must compile without omlint's internals; these lines keep the
// two from drifting. Checked by `tsc -p .` and by test/api/public-types.test.ts.
import type * as Pub from '../../src/api/types';
import type * as Core from '../../src/core/types';
import type { FormatName } from '../../src/format/index';
import type * as Plan from '../../src/plan/plan';

type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
/** A and B are the same type, with the same fields (an optional field more is a difference). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? SameKeys<A, B> : false) : false;
/** What the engine writes is what the public type reads, field for field (the public one may name a union as string). */
type Reads<Internal, Public> = [Internal] extends [Public] ? SameKeys<Internal, Public> : false;

export const AGREE = {
  severity: true as Same<Core.Severity, Pub.Severity>,
  position: true as Same<Core.Position, Pub.Position>,
  range: true as Same<Core.Range, Pub.Range>,
  related: true as Same<Core.RelatedInfo, Pub.RelatedPlace>,
  formatName: true as Same<FormatName, Pub.FormatName>,
  planChange: true as Reads<Plan.PlanChange, Pub.PlanChange>,
  documentPlan: true as Reads<Plan.DocumentPlan, Pub.DocumentPlan>,
  filePlan: true as Reads<Plan.FilePlan, Pub.FilePlan>,
} satisfies Record<string, true>;
