/**
 * A list of numbers in one typed array that doubles as it fills. For the indexes' build-time lists: a JS array of
 * numbers costs 8 bytes an item and, grown past a few MB, leaves its old copies in V8's old space until a full
 * collection, which is what the service's peak RSS is made of; a typed array's storage is freed with it.
 */
export class GrowableArray<T extends Int32Array | Float32Array> {
  private items: T;
  length = 0;

  constructor(
    private readonly type: new (length: number) => T,
    capacity = 1024,
  ) {
    this.items = new type(Math.max(1, capacity));
  }

  push(value: number): void {
    if (this.length === this.items.length) {
      const grown = new this.type(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = value;
  }

  at(position: number): number {
    return this.items[position]!;
  }

  /** The items, in an array of their exact length. */
  finish(): T {
    return this.items.slice(0, this.length) as T;
  }

  /** The items without a copy (shares the storage: for reading before the list is dropped). */
  view(): T {
    return this.items.subarray(0, this.length) as T;
  }
}

/**
 * Groups `values` by their key (keys 0 … keyCount − 1), keeping their order within a key: returns the grouped values
 * and where each key's group starts (group k is values[start[k] … start[k + 1])). A counting sort: two passes.
 */
export function groupByKey(keys: Int32Array, values: Int32Array, keyCount: number): { start: Int32Array; grouped: Int32Array } {
  const start = new Int32Array(keyCount + 1);
  for (const key of keys) start[key + 1]!++;
  for (let k = 0; k < keyCount; k++) start[k + 1]! += start[k]!;
  const grouped = new Int32Array(values.length);
  const filled = start.slice(0, keyCount);
  for (let i = 0; i < keys.length; i++) grouped[filled[keys[i]!]!++] = values[i]!;
  return { start, grouped };
}
