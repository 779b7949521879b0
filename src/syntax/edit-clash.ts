// Which fixes of one --fix pass can be applied together: a fix (a group of text edits) is taken
// when none of its edits clashes with an edit already taken, in the order the fixes come.
// A segment tree over the edits' end points answers each check in O(log n), so a pass over
// n fixes costs O(n log n) however the fixes are spread (the pairwise check it replaces was
// quadratic: bench/README.md, history).
import type { TextEdit } from '../core/types';
import { countBelow } from '../core/lines';

/**
 * An edit as a closed range of "cells": cell 2x is the boundary before character x, cell 2x+1
 * is character x. A replacement [s, e) covers cells 2s+1 … 2e-1 (its characters and the
 * boundaries inside it), an insertion at s covers cell 2s. Two edits clash exactly when their
 * cell ranges meet: replacements that share a character, an insertion strictly inside a
 * replacement, or two insertions at one place (their order would be a guess).
 */
function cells(e: TextEdit): [number, number] {
  const { start, end } = e.span;
  return end > start ? [2 * start + 1, 2 * end - 1] : [2 * start, 2 * start];
}

/** Marks ranges of sorted points and tells whether a range holds a marked point. */
class MarkedPoints {
  private readonly size: number;
  /** Some point below the node is marked. */
  private readonly any: Uint8Array;

  constructor(private readonly points: number[]) {
    this.size = Math.max(1, points.length);
    this.any = new Uint8Array(4 * this.size);
  }

  /** Index range of the points within [lo, hi] (points are sorted and distinct). */
  private indexRange(lo: number, hi: number): [number, number] {
    return [countBelow(this.points, lo), countBelow(this.points, hi + 1) - 1];
  }

  hasMarkIn(lo: number, hi: number): boolean {
    const [a, b] = this.indexRange(lo, hi);
    return a <= b && this.query(1, 0, this.size - 1, a, b);
  }

  mark(lo: number, hi: number): void {
    const [a, b] = this.indexRange(lo, hi);
    if (a <= b) this.update(1, 0, this.size - 1, a, b);
  }

  private query(node: number, l: number, r: number, a: number, b: number): boolean {
    if (!this.any[node] || b < l || r < a) return false;
    if (a <= l && r <= b) return true;
    if (this.any[node] === 2) return true; // the whole node is marked
    const m = (l + r) >> 1;
    return this.query(2 * node, l, m, a, b) || this.query(2 * node + 1, m + 1, r, a, b);
  }

  private update(node: number, l: number, r: number, a: number, b: number): void {
    if (b < l || r < a || this.any[node] === 2) return;
    if (a <= l && r <= b) {
      this.any[node] = 2;
      return;
    }
    this.any[node] = 1;
    const m = (l + r) >> 1;
    this.update(2 * node, l, m, a, b);
    this.update(2 * node + 1, m + 1, r, a, b);
  }
}


/**
 * The indices of the groups that can be applied together, first come first served: a group is
 * dropped when one of its edits clashes with an edit of a group taken before it. Edits of one
 * group are not checked against each other (a fix is made consistent by its rule).
 */
export function compatibleGroups(groups: TextEdit[][]): number[] {
  // Two ranges meet exactly when the larger of their starts lies in both, so their end points
  // are the only cells the tree needs.
  const ends: number[] = [];
  for (const g of groups) for (const e of g) ends.push(...cells(e));
  ends.sort((a, b) => a - b);
  const points = ends.filter((p, i) => i === 0 || p !== ends[i - 1]);
  const taken = new MarkedPoints(points);
  const out: number[] = [];
  groups.forEach((group, i) => {
    const ranges = group.map(cells);
    if (ranges.some(([lo, hi]) => taken.hasMarkIn(lo, hi))) return;
    for (const [lo, hi] of ranges) taken.mark(lo, hi);
    out.push(i);
  });
  return out;
}
