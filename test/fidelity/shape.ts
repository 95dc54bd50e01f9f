/**
 * Issue 32's measure: a body's shape as key paths and JSON types, compared with a recorded real body.
 * Arrays are read as the union of their items' shapes (`labels[].name`), so a list of ten issues has one
 * shape, and an empty array says nothing about its items.
 */
export type JsonType = "string" | "number" | "boolean" | "object" | "array" | "null";

export type Shape = Map<string, Set<JsonType>>;

function typeOf(value: unknown): JsonType {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value as JsonType;
}

export function shapeOf(value: unknown, path = "", out: Shape = new Map()): Shape {
  if (path !== "") {
    const types = out.get(path) ?? new Set<JsonType>();
    types.add(typeOf(value));
    out.set(path, types);
  }
  if (Array.isArray(value)) for (const item of value) shapeOf(item, `${path}[]`, out);
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) shapeOf(v, path === "" ? k : `${path}.${k}`, out);
  return out;
}

export interface Fidelity {
  /** Key paths of the real body. */
  real: number;
  /** Of those, present in ours. */
  present: number;
  /** Present with a type the real body has (null aside: a real null says only that it may be null). */
  sameType: number;
  /** Present, and null only where the real body is null too (or the real one is null somewhere). */
  sameNullability: number;
  missing: string[];
  mistyped: string[];
}

/**
 * How much of a real body's shape ours has. A path whose real values are all null matches any type;
 * otherwise ours must carry one of the real non-null types, and may be null only where the real one is.
 */
export function compareShapes(real: Shape, ours: Shape, skip: (path: string) => boolean = () => false): Fidelity {
  const out: Fidelity = { real: 0, present: 0, sameType: 0, sameNullability: 0, missing: [], mistyped: [] };
  for (const [path, types] of [...real].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (skip(path)) continue;
    out.real++;
    const mine = ours.get(path);
    if (!mine) {
      out.missing.push(path);
      continue;
    }
    out.present++;
    const realTypes = [...types].filter((t) => t !== "null");
    const myTypes = [...mine].filter((t) => t !== "null");
    const typed = realTypes.length === 0 || myTypes.length === 0 || myTypes.some((t) => realTypes.includes(t));
    if (typed) out.sameType++;
    else out.mistyped.push(`${path}: ${[...types].sort().join("|")} real, ${[...mine].sort().join("|")} here`);
    if (!mine.has("null") || types.has("null")) out.sameNullability++;
  }
  return out;
}

/** Adds up several comparisons. */
export function total(all: Fidelity[]): Fidelity {
  const out: Fidelity = { real: 0, present: 0, sameType: 0, sameNullability: 0, missing: [], mistyped: [] };
  for (const f of all) {
    out.real += f.real;
    out.present += f.present;
    out.sameType += f.sameType;
    out.sameNullability += f.sameNullability;
    out.missing.push(...f.missing);
    out.mistyped.push(...f.mistyped);
  }
  return out;
}
