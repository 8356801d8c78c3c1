// target_is_sorted_by / target_is_not_sorted_by (Operator.md): within each group, --SEQ should rise in the
// order of the sort keys (--STDTC ascending, blanks last). Records whose targets fall out of that order are
// flagged, and so are records whose dates overlap at different precisions
// (2005-10 and 2005-10-08) are out of order too, since their order cannot be inferred.
import type { CoreCheck, Derived } from './types.ts';
import type { RuleContext } from './context.ts';
import { asNumber, asText, isEmpty, parseIsoDate } from './values.ts';

interface SortKey {
  name: string;
  sort_order?: 'asc' | 'desc';
  null_position?: 'first' | 'last';
}

function compareValues(x: Derived | undefined, y: Derived | undefined): number {
  const [m, n] = [asNumber(x as never), asNumber(y as never)];
  if (m !== null && n !== null) return m - n;
  return asText(x as never) < asText(y as never) ? -1 : asText(x as never) > asText(y as never) ? 1 : 0;
}

/** Two dates of different precision where the shorter contains the longer (2005-10 and 2005-10-08). */
function overlap(x: Derived | undefined, y: Derived | undefined): boolean {
  const [a, b] = [parseIsoDate(x), parseIsoDate(y)];
  if (!a || !b || a.parts.length === b.parts.length) return false;
  const [short, long] = a.parts.length < b.parts.length ? [a, b] : [b, a];
  return short.parts.every((p, i) => p === long.parts[i]);
}

/** For every row, whether its target is out of the order its group's sort keys give. */
export function notSortedBy(check: CoreCheck, ctx: RuleContext): boolean[] {
  const keys = (Array.isArray(check.value.comparator) ? check.value.comparator : []) as SortKey[];
  const within = check.value.within === undefined ? [] : ([] as string[]).concat(check.value.within as string | string[]);
  const out = new Array<boolean>(ctx.size).fill(false);
  const groups = new Map<string, number[]>();
  for (let i = 0; i < ctx.size; i++) {
    const k = JSON.stringify(within.map((w) => ctx.value(w, i) ?? null));
    groups.set(k, [...(groups.get(k) ?? []), i]);
  }
  const order = (a: number, b: number) => {
    for (const key of keys) {
      const [x, y] = [ctx.value(key.name, a), ctx.value(key.name, b)];
      if (isEmpty(x) || isEmpty(y)) {
        if (isEmpty(x) && isEmpty(y)) continue;
        const blankFirst = key.null_position === 'first' ? -1 : 1;
        return isEmpty(x) ? blankFirst : -blankFirst;
      }
      const c = compareValues(x, y) * (key.sort_order === 'desc' ? -1 : 1);
      if (c) return c;
    }
    return a - b;
  };
  for (const rows of groups.values()) {
    // In the keys' order, a target lower than the one before it puts both records out of order (ties and
    // records without a target say nothing).
    const ordered = rows.filter((i) => !isEmpty(ctx.value(check.value.target, i))).sort(order);
    ordered.slice(1).forEach((row, k) => {
      const before = ordered[k]!;
      if (compareValues(ctx.value(check.value.target, before), ctx.value(check.value.target, row)) > 0) out[before] = out[row] = true;
    });
    for (const key of keys) {
      for (const a of rows) for (const b of rows) if (a < b && overlap(ctx.value(key.name, a), ctx.value(key.name, b))) out[a] = out[b] = true;
    }
  }
  return out;
}
