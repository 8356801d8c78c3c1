// Stable keys for fields and edit checks while they are edited: a field's code changes as the user
// types and may be duplicated for a moment, so lists, drag and drop and the selection key each item
// by its object instead. An edited copy carries its original's key (carryKey), so it stays the same
// item for React and @dnd-kit.
const keys = new WeakMap<object, string>();
let counter = 0;

/** The item's key, given on first sight. */
export function keyOf(item: object): string {
  let key = keys.get(item);
  if (!key) {
    key = `k${++counter}`;
    keys.set(item, key);
  }
  return key;
}

/** `to` becomes the same item as `from` (an edited copy keeps the key). */
export function carryKey<T extends object>(from: object | undefined, to: T): T {
  if (from) keys.set(to, keyOf(from));
  return to;
}
