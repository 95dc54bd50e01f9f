import type { JsonValue } from "./json.js";

/** An object as a parsed body holds it. */
export type JsonRecord = Exclude<JsonValue, null | boolean | number | string | JsonValue[]>;

/**
 * Partial responses (ServingProfile.partial, decision 0034): a query parameter that names, by dotted
 * paths, which fields of a JSON answer the client wants. The syntax is the one Bitbucket Cloud documents
 * for every answer, and other APIs share it:
 *
 * - `a.b,c` (no sign): only these fields, each with everything below it; every other field is dropped,
 *   the page's own keys too (a client that pages asks `page,pagelen,size` or `next` as well).
 * - `+a.b`: this field as well as the rest (a field the object does not carry is expanded, below).
 * - `-a.b`: without this field; applied after the others.
 * - `*` stands for every key at its level (`values.*.links`). An array is passed through: a path applies
 *   to each of its items.
 *
 * Key order is the full object's. A named field an object lacks is looked for in the object's full
 * representation, when the object links to it (`expand`): a list item carries a summary of a pull
 * request, and `values.participants` reads the participants from the pull request itself. A field that
 * is in neither is left out, as the real services leave out what they do not know.
 */

/** One level of the requested paths. `whole`: the field with everything below it. */
interface Node {
  whole: boolean;
  children: Map<string, Node>;
}

export interface Selection {
  /** Whether any term selects (no sign): then only what is named is kept. */
  selects: boolean;
  /** What to keep (selected and `+` terms). */
  keep: Node;
  /** What to drop (`-` terms), as paths. */
  drop: string[][];
}

/** The parameter's value read as a selection; undefined when it names nothing. */
export function readSelection(value: string): Selection | undefined {
  const keep: Node = { whole: false, children: new Map() };
  const drop: string[][] = [];
  let selects = false;
  for (const raw of value.split(",")) {
    const term = raw.trim();
    const sign = term[0] === "+" || term[0] === "-" ? term[0] : "";
    const path = term
      .slice(sign.length)
      .split(".")
      .map((s) => s.trim());
    if (path.some((s) => s === "")) continue;
    if (sign === "-") {
      drop.push(path);
      continue;
    }
    if (sign === "") selects = true;
    let node = keep;
    for (const segment of path) {
      let next = node.children.get(segment);
      if (!next) node.children.set(segment, (next = { whole: false, children: new Map() }));
      node = next;
    }
    node.whole = true;
  }
  if (!selects && keep.children.size === 0 && drop.length === 0) return undefined;
  return { selects, keep, drop };
}

/** An object's full representation, when it links to one (read from the pin); undefined otherwise. */
export type Expand = (object: JsonRecord) => Promise<JsonRecord | undefined>;

/** The answer with only the selected fields, key order kept. */
export async function applySelection(value: JsonValue, selection: Selection, expand: Expand): Promise<JsonValue> {
  const kept = await project(value, selection.keep, !selection.selects, expand);
  for (const path of selection.drop) remove(kept, path);
  return kept;
}

/** `all`: every key of this level is kept (a `+` term or a whole field); else only the named ones. */
async function project(value: JsonValue, node: Node, all: boolean, expand: Expand): Promise<JsonValue> {
  if (Array.isArray(value)) {
    const out: JsonValue[] = [];
    for (const item of value) out.push(await project(item, node, all, expand));
    return out;
  }
  if (value === null || typeof value !== "object") return value;
  const named = [...node.children.keys()].filter((k) => k !== "*");
  let source: JsonRecord = value;
  if (named.some((k) => !(k in value))) {
    const full = await expand(value);
    // The full representation's key order, with what the object itself carries where it carries it.
    if (full) source = Object.fromEntries(Object.keys({ ...full, ...value }).map((k) => [k, k in value ? value[k] : full[k]]));
  }
  const star = node.children.get("*");
  const out: JsonRecord = {};
  for (const [key, field] of Object.entries(source)) {
    const child = merge(node.children.get(key), star);
    if (!child) {
      // A field only the full representation carries is added when named, never with the rest.
      if (all && key in value) out[key] = field;
      continue;
    }
    const whole = all || child.whole;
    out[key] = field === undefined || (child.children.size === 0 && whole) ? field : await project(field, child, whole, expand);
  }
  return out;
}

/** Two requested subtrees at one key (a named one and `*`) as one. */
function merge(a: Node | undefined, b: Node | undefined): Node | undefined {
  if (!a || !b) return a ?? b;
  const children = new Map(a.children);
  for (const [k, v] of b.children) children.set(k, merge(children.get(k), v)!);
  return { whole: a.whole || b.whole, children };
}

function remove(value: JsonValue, path: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) remove(item, path);
    return;
  }
  if (value === null || typeof value !== "object") return;
  const [head, ...rest] = path as [string, ...string[]];
  const keys = head === "*" ? Object.keys(value) : head in value ? [head] : [];
  for (const key of keys) {
    if (rest.length === 0) delete value[key];
    else if (value[key] !== undefined) remove(value[key], rest);
  }
}
