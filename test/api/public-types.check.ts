// Type-level only (no runtime): the plan types the engine writes (plan/plan.ts) narrow the public
// shapes (core/public-shapes.ts, re-exported by src/api/types.ts) and must not grow a field of
// their own, which `--format json` would print and the public types not name. Checked by
// `tsc -p .` and by test/api/public-types.test.ts.
import type * as Pub from '../../src/api/types';
import type * as Plan from '../../src/plan/plan';

type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
/** What the engine writes is what the public type reads, field for field (the public one may name a union as string). */
type Reads<Internal, Public> = [Internal] extends [Public] ? SameKeys<Internal, Public> : false;

export const AGREE = {
  planChange: true as Reads<Plan.PlanChange, Pub.PlanChange>,
  planGroup: true as Reads<Plan.PlanGroup, Pub.DocumentPlan['groups'][number]>,
  documentPlan: true as Reads<Plan.DocumentPlan, Pub.DocumentPlan>,
  filePlan: true as Reads<Plan.FilePlan, Pub.FilePlan>,
} satisfies Record<string, true>;
