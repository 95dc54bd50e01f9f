import type { JsonValue } from "../json.js";
import type { Problem } from "./filters.js";
import type { SortSpec, ValueType } from "./profile.js";
import { compare, comparable, valuesAt } from "./values.js";

/** An order over items: by one field, in one direction. */
export interface Order {
  field: string;
  type: ValueType;
  direction: "asc" | "desc";
}

/**
 * The order a request asks for. Undefined when it is the list's default order (the frozen order), so
 * that a request naming the default is answered like one naming nothing.
 */
export function requestedOrder(spec: SortSpec, value: (param: string) => string | undefined): Order | undefined | Problem {
  let key = value(spec.param);
  let direction: "asc" | "desc" | undefined;
  if (key !== undefined && spec.minusPrefix && key.startsWith("-")) {
    key = key.slice(1);
    direction = "desc";
  } else if (key !== undefined && spec.minusPrefix) direction = "asc";
  const named = key !== undefined && key !== "";
  if (!named) key = spec.default.key;
  if (!(key! in spec.keys)) {
    if (spec.unknown === "error")
      return { param: spec.param, message: `${spec.param} does not have a valid value`, reason: "value", value: key! };
    key = spec.default.key;
    direction = undefined;
  }
  const given = spec.directionParam && (named || !spec.directionNeedsSort) ? value(spec.directionParam)?.toLowerCase() : undefined;
  if (given !== undefined && given !== "") {
    if (given === "asc" || given === "desc") direction = given;
    else if (spec.unknownDirection === "error")
      return { param: spec.directionParam!, message: `${spec.directionParam} does not have a valid value`, reason: "value", value: given };
  }
  key = key!;
  direction ??= spec.directions?.[key] ?? (key === spec.default.key ? spec.default.direction : "desc");
  if (key === spec.default.key && direction === spec.default.direction) return undefined;
  return { ...spec.keys[key]!, direction };
}

/**
 * Sorts a stable copy: items with equal keys keep their frozen order, ascending or descending alike, so
 * every page of a walk agrees.
 */
export function sortItems(items: JsonValue[], orders: Order[]): JsonValue[] {
  const keyed = items.map((item, i) => ({ item, i, k: orders.map((o) => comparable(valuesAt(item, o.field)[0] ?? null, o.type)) }));
  keyed.sort((a, b) => {
    for (const [n, o] of orders.entries()) {
      const c = compare(a.k[n], b.k[n]);
      if (c !== 0) return o.direction === "asc" ? c : -c;
    }
    return a.i - b.i;
  });
  return keyed.map((x) => x.item);
}
