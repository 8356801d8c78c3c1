// The rule language's check operators (rule-language/Operator.md): each gives, for every row of the
// dataset, whether the check holds. Most read one row at a time; the uniqueness and consistency
// operators read the whole dataset. An operator not written here makes its rule "not run".
import type { CoreCheck, Derived } from './types.ts';
import type { RuleContext } from './context.ts';
import { asNumber, asText, compareDates, isCompleteDate, isEmpty, parseIsoDate, pythonRegex, sameValue } from './values.ts';
import { NotRunnable } from './not-runnable.ts';
import { notSortedBy } from './sorted-by.ts';

type Operator = (check: CoreCheck, ctx: RuleContext) => boolean[];

/** An operator that reads one row: the target's value, the comparator's, and the check. */
const rowwise =
  (test: (target: Derived | undefined, comparator: Derived | undefined, check: CoreCheck, ctx: RuleContext, row: number) => boolean): Operator =>
  (check, ctx) =>
    ctx.dataset.rows.map((_, i) => test(ctx.value(check.value.target, i), ctx.comparator(check, i), check, ctx, i));

const not =
  (op: Operator): Operator =>
  (check, ctx) =>
    op(check, ctx).map((b) => !b);

/** equal_to and not_equal_to: two blanks are neither equal nor unequal (the engine's truth table). */
const equal = (caseInsensitive: boolean, negate = false) =>
  rowwise((t, c, check) => {
    const opts = { caseInsensitive, typeInsensitive: check.value.type_insensitive };
    if (isEmpty(t) && isEmpty(c)) return false;
    if (Array.isArray(c)) return negate;
    return sameValue(t, c, opts) !== negate;
  });

const numeric = (test: (a: number, b: number) => boolean) =>
  rowwise((t, c) => {
    const a = asNumber(t as never);
    const b = asNumber(c as never);
    return a !== null && b !== null && test(a, b);
  });

const length = (test: (len: number, n: number) => boolean) =>
  rowwise((t, c) => {
    const n = asNumber(c as never);
    return !isEmpty(t) && n !== null && test(asText(t).length, n);
  });

const dates = (test: (cmp: number) => boolean) =>
  rowwise((t, c, check) => {
    const cmp = compareDates(t, c, check.value.date_component);
    return cmp !== null && test(cmp);
  });

const regex = (part: 'whole' | 'prefix' | 'suffix') =>
  rowwise((t, c, check) => {
    // Only a missing value is skipped: blanks are text a pattern reads (a value of spaces matches ^\s).
    if (t === null || t === undefined || t === '') return false;
    const re = pythonRegex(asText(c));
    if (!re) throw new NotRunnable(`its regular expression ${asText(c).slice(0, 80)} cannot be read here`);
    let text = asText(t);
    if (part === 'prefix') text = text.slice(0, check.value.prefix ?? 0);
    if (part === 'suffix') text = text.slice(-(check.value.suffix ?? 0));
    return re.test(text);
  });

/** The comparator as a list (a literal list, an operation's list, or one value). */
const listOf = (c: Derived | undefined): Derived[] => (Array.isArray(c) ? c : isEmpty(c) ? [] : [c!]);

const containedBy = (caseInsensitive: boolean, part?: 'prefix' | 'suffix') =>
  rowwise((t, c, check) => {
    if (isEmpty(t)) return false;
    let value: Derived = t!;
    if (part === 'prefix') value = asText(t).slice(0, check.value.prefix ?? 0);
    if (part === 'suffix') value = asText(t).slice(-(check.value.suffix ?? check.value.prefix ?? 0));
    return listOf(c).some((x) => sameValue(value, x, { caseInsensitive }));
  });

const contains = (caseInsensitive: boolean) =>
  rowwise((t, c) => {
    if (isEmpty(t) || isEmpty(c)) return false;
    if (Array.isArray(t)) return t.some((x) => sameValue(x, c, { caseInsensitive }));
    const a = asText(t);
    const b = asText(c);
    return caseInsensitive ? a.toLowerCase().includes(b.toLowerCase()) : a.includes(b);
  });

/** The names a uniqueness or grouping operator groups by (a name, a list, or an operation's list). */
function groupNames(ctx: RuleContext, comparator: unknown): string[] {
  const names = Array.isArray(comparator) ? comparator : comparator === null || comparator === undefined ? [] : [comparator];
  return names.flatMap((n) => {
    const name = String(n);
    if (name.startsWith('$')) {
      const v = ctx.value(name, 0);
      return Array.isArray(v) ? v.map(String) : v ? [String(v)] : [];
    }
    return [name];
  });
}

const keyOf = (ctx: RuleContext, names: string[], row: number, regexText?: string) =>
  JSON.stringify(
    names.map((n) => {
      const v = ctx.value(n, row);
      if (regexText && typeof v === 'string') {
        const m = pythonRegex(regexText)?.exec(v);
        return m ? m[0] : v;
      }
      return v === undefined ? null : v;
    }),
  );

/** Rows whose (target, comparator...) combination occurs more than once. */
const notUniqueSet: Operator = (check, ctx) => {
  const names = [check.value.target, ...groupNames(ctx, check.value.comparator)];
  const keys = ctx.dataset.rows.map((_, i) => keyOf(ctx, names, i, check.value.regex));
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return keys.map((k) => (counts.get(k) ?? 0) > 1);
};

/** Rows whose target maps to more than one comparator value, or whose comparator maps to more than one target. */
const notUniqueRelationship: Operator = (check, ctx) => {
  const target = check.value.target;
  const other = String(check.value.comparator);
  const forward = new Map<string, Set<string>>();
  const backward = new Map<string, Set<string>>();
  const pairs = ctx.dataset.rows.map((_, i) => [asText(ctx.value(target, i)), asText(ctx.value(other, i))] as const);
  for (const [a, b] of pairs) {
    if (!forward.has(a)) forward.set(a, new Set());
    if (!backward.has(b)) backward.set(b, new Set());
    forward.get(a)!.add(b);
    backward.get(b)!.add(a);
  }
  return pairs.map(([a, b]) => forward.get(a)!.size > 1 || backward.get(b)!.size > 1);
};

/** Within each group, the rows not holding the group's majority value (every row when no single majority). */
/** The dataset's row indexes grouped by the values of the named variables. */
function rowsByKey(ctx: RuleContext, names: string[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  ctx.dataset.rows.forEach((_, i) => {
    const k = keyOf(ctx, names, i);
    const rows = groups.get(k);
    if (rows) rows.push(i);
    else groups.set(k, [i]);
  });
  return groups;
}

const inconsistentAcrossDataset: Operator = (check, ctx) => {
  const re = check.value.regex ? pythonRegex(check.value.regex) : null;
  const normalised = ctx.column(check.value.target).map((v) => {
    const text = asText(v);
    const m = re?.exec(text);
    return m ? (m[1] ?? m[0]) : text;
  });
  const out = new Array<boolean>(ctx.size).fill(false);
  for (const rows of rowsByKey(ctx, groupNames(ctx, check.value.comparator)).values()) {
    const counts = new Map<string, number>();
    for (const i of rows) counts.set(normalised[i]!, (counts.get(normalised[i]!) ?? 0) + 1);
    if (counts.size < 2) continue;
    const top = Math.max(...counts.values());
    const majority = [...counts].filter(([, n]) => n === top);
    for (const i of rows) out[i] = majority.length > 1 || normalised[i] !== majority[0]![0];
  }
  return out;
};

const presentOnMultipleRowsWithin: Operator = (check, ctx) => {
  const within = check.value.within ? [check.value.within] : [];
  const max = asNumber(check.value.comparator as never) ?? 1;
  const keys = ctx.dataset.rows.map((_, i) => keyOf(ctx, [...within, check.value.target], i));
  const counts = new Map<string, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  return keys.map((k, i) => !isEmpty(ctx.value(check.value.target, i)) && (counts.get(k) ?? 0) > max);
};

/** True on every row when the column's values (all rows) lack one of the comparator's values. */
const notContainsAll: Operator = (check, ctx) => {
  const out: boolean[] = [];
  const column = ctx.column(check.value.target);
  for (let i = 0; i < ctx.size; i++) {
    const wanted = listOf(ctx.comparator(check, i));
    const t = column[i];
    const have = Array.isArray(t) ? t : column;
    out.push(wanted.some((w) => !have.some((h) => sameValue(h as Derived, w))));
  }
  return out;
};

const hasSameValues: Operator = (check, ctx) => {
  const values = new Set(ctx.column(check.value.target).map(asText));
  return ctx.dataset.rows.map(() => values.size <= 1);
};

/** A group's rows in the order of a variable (dates, numbers or text, ascending; blanks last). */
function orderedGroups(ctx: RuleContext, groupBy: string[], ordering: string): number[][] {
  const order = (a: number, b: number) => {
    const x = ctx.value(ordering, a);
    const y = ctx.value(ordering, b);
    if (isEmpty(x) || isEmpty(y)) return isEmpty(x) ? (isEmpty(y) ? a - b : 1) : -1;
    const byDate = compareDates(x, y);
    if (byDate !== null) return byDate || a - b;
    const [m, n] = [asNumber(x as never), asNumber(y as never)];
    if (m !== null && n !== null) return m - n || a - b;
    return asText(x).localeCompare(asText(y)) || a - b;
  };
  return [...rowsByKey(ctx, groupBy).values()].map((rows) => rows.sort(order));
}

/** Rows, other than each group's last, whose target is blank (SEENDTC before the subject's last element). */
const emptyWithinExceptLastRow: Operator = (check, ctx) => {
  const out = new Array<boolean>(ctx.size).fill(false);
  for (const rows of orderedGroups(ctx, groupNames(ctx, check.value.comparator), check.value.ordering ?? '')) {
    for (const i of rows.slice(0, -1)) out[i] = isEmpty(ctx.value(check.value.target, i));
  }
  return out;
};

/** Rows whose target differs from the comparator variable of the group's next row (SEENDTC and the next SESTDTC). */
const doesNotHaveNextCorrespondingRecord: Operator = (check, ctx) => {
  const out = new Array<boolean>(ctx.size).fill(false);
  const within = check.value.within ? [check.value.within] : [];
  const next = String(check.value.comparator);
  for (const rows of orderedGroups(ctx, within, check.value.ordering ?? '')) {
    rows.slice(0, -1).forEach((i, k) => {
      out[i] = !sameValue(ctx.value(check.value.target, i), ctx.value(next, rows[k + 1]!));
    });
  }
  return out;
};

/** The comparator DOMAIN names the dataset's domain (what "--" stands for), also where no DOMAIN variable is read:
 *  a dataset metadata row's dataset_name against its domain (CORE-000598). */
const prefixEqual = rowwise((t, c, check, ctx) => {
  const wanted = check.value.comparator === 'DOMAIN' ? ctx.prefix : c;
  return !isEmpty(t) && sameValue(asText(t).slice(0, check.value.prefix ?? 0), wanted);
});

/** equals_string_part: the target equals the part of the comparator's value the regex's first group takes
 *  (RDOMAIN against characters 5 and 6 of the SUPP dataset's name). */
const equalsStringPart = rowwise((t, c, check) => {
  const re = pythonRegex(check.value.regex ?? '(.*)');
  if (!re) throw new NotRunnable(`its regular expression ${String(check.value.regex).slice(0, 80)} cannot be read here`);
  const m = re.exec(asText(c));
  const part = m ? (m[1] ?? m[0]) : asText(c);
  return sameValue(t, part, { typeInsensitive: check.value.type_insensitive });
});

/** inconsistent_enumerated_columns: TSVAL, TSVAL1, TSVAL2, ...: a record with VARIABLE(N+1) populated and
 *  VARIABLE(N) blank is inconsistent (the first has no index, the next is 1). */
const inconsistentEnumeratedColumns: Operator = (check, ctx) => {
  const base = ctx.resolve(check.value.target);
  const columns = [base];
  while (ctx.has(`${base}${columns.length}`)) columns.push(`${base}${columns.length}`);
  return ctx.dataset.rows.map((_, i) => columns.slice(1).some((c, k) => !isEmpty(ctx.value(c, i)) && isEmpty(ctx.value(columns[k]!, i))));
};

const DURATION = /^-?P(?:(?:\d+(?:[.,]\d+)?Y)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?D)?(?:T(?:\d+(?:[.,]\d+)?H)?(?:\d+(?:[.,]\d+)?M)?(?:\d+(?:[.,]\d+)?S)?)?|\d+(?:[.,]\d+)?W)$/;

export const OPERATORS: Record<string, Operator> = {
  equal_to: equal(false),
  not_equal_to: equal(false, true),
  equal_to_case_insensitive: equal(true),
  not_equal_to_case_insensitive: equal(true, true),
  greater_than: numeric((a, b) => a > b),
  greater_than_or_equal_to: numeric((a, b) => a >= b),
  less_than: numeric((a, b) => a < b),
  less_than_or_equal_to: numeric((a, b) => a <= b),
  empty: rowwise((t) => isEmpty(t)),
  non_empty: rowwise((t) => !isEmpty(t)),
  exists: (check, ctx) => ctx.dataset.rows.map(() => ctx.has(check.value.target)),
  not_exists: (check, ctx) => ctx.dataset.rows.map(() => !ctx.has(check.value.target)),
  matches_regex: regex('whole'),
  not_matches_regex: not(regex('whole')),
  prefix_matches_regex: regex('prefix'),
  not_prefix_matches_regex: not(regex('prefix')),
  suffix_matches_regex: regex('suffix'),
  not_suffix_matches_regex: not(regex('suffix')),
  starts_with: rowwise((t, c) => !isEmpty(t) && asText(t).startsWith(asText(c))),
  ends_with: rowwise((t, c) => !isEmpty(t) && asText(t).endsWith(asText(c))),
  prefix_equal_to: prefixEqual,
  prefix_not_equal_to: not(prefixEqual),
  contains: contains(false),
  does_not_contain: not(contains(false)),
  contains_case_insensitive: contains(true),
  does_not_contain_case_insensitive: not(contains(true)),
  longer_than: length((l, n) => l > n),
  longer_than_or_equal_to: length((l, n) => l >= n),
  shorter_than: length((l, n) => l < n),
  shorter_than_or_equal_to: length((l, n) => l <= n),
  has_equal_length: length((l, n) => l === n),
  has_not_equal_length: not(length((l, n) => l === n)),
  date_equal_to: dates((c) => c === 0),
  date_not_equal_to: dates((c) => c !== 0),
  date_greater_than: dates((c) => c > 0),
  date_greater_than_or_equal_to: dates((c) => c >= 0),
  date_less_than: dates((c) => c < 0),
  date_less_than_or_equal_to: dates((c) => c <= 0),
  is_complete_date: rowwise((t) => isCompleteDate(t)),
  // The complement of is_complete_date (Operator.md): a blank date is not complete, so it is incomplete.
  is_incomplete_date: rowwise((t) => !isCompleteDate(t)),
  invalid_date: rowwise((t) => !isEmpty(t) && !parseIsoDate(t)),
  invalid_duration: rowwise((t, _c, check) => !isEmpty(t) && (!DURATION.test(asText(t)) || (check.value.negative === false && asText(t).startsWith('-')))),
  is_contained_by: containedBy(false),
  is_not_contained_by: not(containedBy(false)),
  is_contained_by_case_insensitive: containedBy(true),
  is_not_contained_by_case_insensitive: not(containedBy(true)),
  prefix_is_contained_by: containedBy(false, 'prefix'),
  prefix_is_not_contained_by: not(containedBy(false, 'prefix')),
  suffix_is_contained_by: containedBy(false, 'suffix'),
  suffix_is_not_contained_by: not(containedBy(false, 'suffix')),
  is_unique_set: not(notUniqueSet),
  is_not_unique_set: notUniqueSet,
  is_unique_relationship: not(notUniqueRelationship),
  is_not_unique_relationship: notUniqueRelationship,
  is_inconsistent_across_dataset: inconsistentAcrossDataset,
  present_on_multiple_rows_within: presentOnMultipleRowsWithin,
  not_present_on_multiple_rows_within: not(presentOnMultipleRowsWithin),
  contains_all: not(notContainsAll),
  not_contains_all: notContainsAll,
  has_same_values: hasSameValues,
  empty_within_except_last_row: emptyWithinExceptLastRow,
  non_empty_within_except_last_row: not(emptyWithinExceptLastRow),
  does_not_have_next_corresponding_record: doesNotHaveNextCorrespondingRecord,
  has_next_corresponding_record: not(doesNotHaveNextCorrespondingRecord),
  has_different_values: not(hasSameValues),
  target_is_not_sorted_by: notSortedBy,
  equals_string_part: equalsStringPart,
  inconsistent_enumerated_columns: inconsistentEnumeratedColumns,
  does_not_equal_string_part: not(equalsStringPart),
  target_is_sorted_by: not(notSortedBy),
};
