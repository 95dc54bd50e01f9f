import { DAY, HOUR, MINUTE } from "../../world/clock.js";
import { ISSUE_TYPES, PRIORITIES, RESOLUTIONS, STATUSES } from "./schemes.js";

/**
 * A JQL subset, evaluated over the pin's frozen issues (the index below, written at build time). It is
 * what integrations run: restrictions on project, key, status, status category, issue type, priority,
 * people, labels, sprint, resolution, story points and dates, joined with AND, OR, NOT and parentheses,
 * and ORDER BY. Anything else is a 400 in Jira's error shape, naming what is not served (README).
 * "Now" is the generation's as-of time, and dates are read in the viewer's time zone.
 */

export interface IndexedIssue {
  id: string;
  key: string;
  project: string;
  type: string;
  status: string;
  priority: string;
  assignee: string | null;
  reporter: string;
  created: number;
  updated: number;
  resolved: number | null;
  resolution: string | null;
  categoryChanged: number;
  sprints: number[];
  labels: string[];
  points: number | null;
  summary: string;
  rank: number;
}

export interface JqlIndex {
  asOf: number;
  offsetMinutes: number;
  viewer: string;
  projects: Array<{ id: string; key: string; name: string }>;
  sprints: Array<{ id: number; name: string; state: string; boardId: number }>;
  /** Every account, with the spellings JQL may use for it. */
  accounts: Array<{ accountId: string; email: string; name: string }>;
  issues: IndexedIssue[];
}

/** A 400 with Jira's error messages. */
export class JqlError extends Error {
  override name = "JqlError";
}

// --- tokens ---------------------------------------------------------------------------------------------

interface Token {
  kind: "word" | "string" | "op" | "punct" | "end";
  text: string;
  at: number;
}

const OPERATORS = ["!=", ">=", "<=", "!~", "=", ">", "<", "~"];

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const at = i + 1;
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = "";
      while (j < text.length && text[j] !== c) {
        if (text[j] === "\\" && j + 1 < text.length) j++;
        s += text[j];
        j++;
      }
      if (j >= text.length)
        throw new JqlError(`Error in the JQL Query: The quoted string '${s}' has not been completed. (line 1, character ${at})`);
      out.push({ kind: "string", text: s, at });
      i = j + 1;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) {
      out.push({ kind: "op", text: op, at });
      i += op.length;
      continue;
    }
    if ("(),".includes(c)) {
      out.push({ kind: "punct", text: c, at });
      i++;
      continue;
    }
    const m = /^(cf\[\d+\]|[^\s"'(),=!<>~]+)/.exec(text.slice(i));
    if (!m)
      throw new JqlError(
        `Error in the JQL Query: The character '${c}' is a reserved JQL character. You must ` +
          `enclose it in a string or use the escape ` +
          `'\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}' ` +
          `instead. (line 1, character ${at})`,
      );
    out.push({ kind: "word", text: m[1]!, at });
    i += m[1]!.length;
  }
  out.push({ kind: "end", text: "", at: text.length + 1 });
  return out;
}

// --- syntax ---------------------------------------------------------------------------------------------

export type Value =
  { kind: "literal"; text: string; quoted: boolean } | { kind: "function"; name: string; args: string[] } | { kind: "empty" };
export type Operand = Value | { kind: "list"; items: Value[] };
export type Node =
  | { kind: "and" | "or"; parts: Node[] }
  | { kind: "not"; part: Node }
  | { kind: "clause"; field: string; op: string; value: Operand; at: number };
export interface Query {
  where: Node | undefined;
  order: Array<{ field: string; desc: boolean }>;
}

const OPS_TEXT = "The valid operators are '=', '!=', '<', '>', '<=', '>=', '~', '!~', 'IN', 'NOT IN', 'IS' and 'IS NOT'.";

export function parseJql(text: string): Query {
  const tokens = tokenize(text);
  let p = 0;
  const peek = () => tokens[p]!;
  const isWord = (w: string, t = peek()) => t.kind === "word" && t.text.toLowerCase() === w;
  const got = (t: Token) => (t.kind === "end" ? "end of query" : `'${t.text}'`);
  const fail = (what: string, t: Token): never => {
    throw new JqlError(`Error in the JQL Query: Expecting ${what} but got ${got(t)}. (line 1, character ${t.at})`);
  };

  const value = (): Value => {
    const t = peek();
    if (t.kind === "string") {
      p++;
      return { kind: "literal", text: t.text, quoted: true };
    }
    if (t.kind !== "word") return fail("either a value, list or function", t);
    p++;
    if (isWord("empty", t) || isWord("null", t)) return { kind: "empty" };
    if (peek().kind === "punct" && peek().text === "(") {
      p++;
      const args: string[] = [];
      while (!(peek().kind === "punct" && peek().text === ")")) {
        const a = peek();
        if (a.kind !== "word" && a.kind !== "string") fail("')'", a);
        args.push(a.text);
        p++;
        if (peek().kind === "punct" && peek().text === ",") p++;
      }
      p++;
      return { kind: "function", name: t.text, args };
    }
    return { kind: "literal", text: t.text, quoted: false };
  };

  const operand = (op: string): Operand => {
    if (op === "in" || op === "not in") {
      const t = peek();
      if (!(t.kind === "punct" && t.text === "(")) {
        const v = value();
        if (v.kind === "function") return v;
        return fail("'('", t);
      }
      p++;
      const items: Value[] = [value()];
      while (peek().kind === "punct" && peek().text === ",") {
        p++;
        items.push(value());
      }
      if (!(peek().kind === "punct" && peek().text === ")")) fail("')'", peek());
      p++;
      return { kind: "list", items };
    }
    return value();
  };

  const clause = (): Node => {
    const f = peek();
    if (f.kind !== "word" && f.kind !== "string") return fail("a field name", f);
    p++;
    const o = peek();
    let op: string;
    if (o.kind === "op") {
      op = o.text;
      p++;
    } else if (isWord("in")) {
      op = "in";
      p++;
    } else if (isWord("not") && isWord("in", tokens[p + 1])) {
      op = "not in";
      p += 2;
    } else if (isWord("is")) {
      p++;
      if (isWord("not")) {
        p++;
        op = "is not";
      } else op = "is";
    } else throw new JqlError(`Error in the JQL Query: Expecting operator but got ${got(o)}. ${OPS_TEXT} (line 1, character ${o.at})`);
    return { kind: "clause", field: f.text, op, value: operand(op), at: f.at };
  };

  const primary = (): Node => {
    if (isWord("not")) {
      p++;
      return { kind: "not", part: primary() };
    }
    if (peek().kind === "punct" && peek().text === "(") {
      p++;
      const inner = or();
      if (!(peek().kind === "punct" && peek().text === ")")) fail("')'", peek());
      p++;
      return inner;
    }
    return clause();
  };
  const and = (): Node => {
    const parts = [primary()];
    while (isWord("and")) {
      p++;
      parts.push(primary());
    }
    return parts.length === 1 ? parts[0]! : { kind: "and", parts };
  };
  const or = (): Node => {
    const parts = [and()];
    while (isWord("or")) {
      p++;
      parts.push(and());
    }
    return parts.length === 1 ? parts[0]! : { kind: "or", parts };
  };

  const where = peek().kind === "end" || isWord("order") ? undefined : or();
  const order: Query["order"] = [];
  if (isWord("order")) {
    p++;
    if (!isWord("by")) fail("'by'", peek());
    p++;
    for (;;) {
      const f = peek();
      if (f.kind !== "word" && f.kind !== "string") fail("a field name", f);
      p++;
      let desc = false;
      if (isWord("desc")) {
        desc = true;
        p++;
      } else if (isWord("asc")) p++;
      order.push({ field: f.text, desc });
      if (peek().kind === "punct" && peek().text === ",") {
        p++;
        continue;
      }
      break;
    }
  }
  if (peek().kind !== "end") fail(where ? "either 'OR' or 'AND'" : "a field name", peek());
  return { where, order };
}

// --- evaluation -----------------------------------------------------------------------------------------

type Kind =
  | "project"
  | "key"
  | "status"
  | "category"
  | "type"
  | "priority"
  | "user"
  | "labels"
  | "sprint"
  | "resolution"
  | "date"
  | "number"
  | "text";

const FIELD_KINDS: Record<string, [Kind, keyof IndexedIssue]> = {
  project: ["project", "project"],
  key: ["key", "key"],
  issuekey: ["key", "key"],
  id: ["key", "key"],
  issue: ["key", "key"],
  status: ["status", "status"],
  statuscategory: ["category", "status"],
  category: ["category", "status"],
  issuetype: ["type", "type"],
  type: ["type", "type"],
  priority: ["priority", "priority"],
  assignee: ["user", "assignee"],
  reporter: ["user", "reporter"],
  creator: ["user", "reporter"],
  labels: ["labels", "labels"],
  label: ["labels", "labels"],
  sprint: ["sprint", "sprints"],
  "cf[10020]": ["sprint", "sprints"],
  resolution: ["resolution", "resolution"],
  created: ["date", "created"],
  createddate: ["date", "created"],
  updated: ["date", "updated"],
  updateddate: ["date", "updated"],
  resolved: ["date", "resolved"],
  resolutiondate: ["date", "resolved"],
  statuscategorychangeddate: ["date", "categoryChanged"],
  "story point estimate": ["number", "points"],
  "cf[10016]": ["number", "points"],
  "story points": ["number", "points"],
};

/** Fields Jira has that this snapshot does not search by. */
const KNOWN_UNSERVED = new Set([
  "summary",
  "description",
  "text",
  "comment",
  "environment",
  "fixversion",
  "affectedversion",
  "component",
  "parent",
  "duedate",
  "due",
  "watcher",
  "watchers",
  "voter",
  "votes",
  "worklogauthor",
  "worklogdate",
  "timespent",
  "lastviewed",
  "filter",
  "attachments",
  "level",
  "epic link",
  "rank",
  "cf[10019]",
  "development",
  "originalestimate",
  "remainingestimate",
  "issuelink",
  "subtasks",
]);

const OPS: Record<Kind, string[]> = {
  project: ["=", "!=", "in", "not in"],
  key: ["=", "!=", "in", "not in"],
  status: ["=", "!=", "in", "not in"],
  category: ["=", "!=", "in", "not in"],
  type: ["=", "!=", "in", "not in"],
  priority: ["=", "!=", "in", "not in"],
  user: ["=", "!=", "in", "not in", "is", "is not"],
  labels: ["=", "!=", "in", "not in", "is", "is not"],
  sprint: ["=", "!=", "in", "not in", "is", "is not"],
  resolution: ["=", "!=", "in", "not in", "is", "is not"],
  date: ["=", "!=", ">", ">=", "<", "<=", "is", "is not"],
  number: ["=", "!=", ">", ">=", "<", "<=", "is", "is not"],
  text: [],
};

const CATEGORY_OF: Record<number, string> = { 2: "new", 4: "indeterminate", 3: "done" };
const CATEGORY_NAMES: Record<string, string> = {
  "to do": "new",
  new: "new",
  "2": "new",
  "in progress": "indeterminate",
  indeterminate: "indeterminate",
  "4": "indeterminate",
  done: "done",
  complete: "done",
  "3": "done",
};

/** Resolves a query to the matching issues in order. */
export function runJql(index: JqlIndex, text: string): IndexedIssue[] {
  const query = parseJql(text);
  if (!query.where) throw new JqlError("Unbounded JQL queries are not allowed here. Please add a search restriction to your query.");
  const test = compile(index, query.where);
  const rows = index.issues.filter(test);
  const order = query.order.length ? query.order : [{ field: "created", desc: true }];
  const keys = order.map((o) => ({ get: sortKey(o.field), desc: o.desc }));
  return rows.sort((a, b) => {
    for (const k of keys) {
      const x = k.get(a);
      const y = k.get(b);
      if (x === y) continue;
      // Empty values sort last ascending and first descending, as Jira sorts them.
      const c = x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
      return k.desc ? -c : c;
    }
    return Number(b.id) - Number(a.id);
  });
}

function sortKey(field: string): (i: IndexedIssue) => string | number | null {
  const f = field.toLowerCase();
  const prio = (name: string) => PRIORITIES.findIndex((p) => p.name === name);
  const byKey = (i: IndexedIssue) => `${i.project.padEnd(10, " ")}${i.key.slice(i.key.indexOf("-") + 1).padStart(10, "0")}`;
  const table: Record<string, (i: IndexedIssue) => string | number | null> = {
    key: byKey,
    issuekey: byKey,
    id: (i) => Number(i.id),
    created: (i) => i.created,
    createddate: (i) => i.created,
    updated: (i) => i.updated,
    updateddate: (i) => i.updated,
    resolved: (i) => i.resolved,
    resolutiondate: (i) => i.resolved,
    rank: (i) => i.rank,
    "cf[10019]": (i) => i.rank,
    priority: (i) => -prio(i.priority),
    status: (i) => STATUSES.findIndex((s) => s.name === i.status),
    project: (i) => i.project,
    issuetype: (i) => i.type,
    type: (i) => i.type,
    assignee: (i) => i.assignee,
    reporter: (i) => i.reporter,
    summary: (i) => i.summary.toLowerCase(),
    statuscategorychangeddate: (i) => i.categoryChanged,
    "story point estimate": (i) => i.points,
    "cf[10016]": (i) => i.points,
  };
  const get = table[f];
  if (!get)
    throw new JqlError(
      KNOWN_UNSERVED.has(f) || FIELD_KINDS[f]
        ? `This snapshot of Jira does not sort by '${field}'. See the provider README for the ORDER BY fields served.`
        : `Field '${field}' does not exist or you do not have permission to view it.`,
    );
  return get;
}

function compile(index: JqlIndex, node: Node): (i: IndexedIssue) => boolean {
  if (node.kind === "clause") return compileClause(index, node);
  if (node.kind === "not") {
    const part = compile(index, node.part);
    return (i) => !part(i);
  }
  const parts = node.parts.map((n) => compile(index, n));
  return node.kind === "and" ? (i) => parts.every((f) => f(i)) : (i) => parts.some((f) => f(i));
}

function compileClause(index: JqlIndex, c: Extract<Node, { kind: "clause" }>): (i: IndexedIssue) => boolean {
  const name = c.field.toLowerCase();
  const spec = FIELD_KINDS[name];
  if (!spec) {
    if (KNOWN_UNSERVED.has(name))
      throw new JqlError(
        `This snapshot of Jira answers a subset of JQL, and the field '${c.field}' is not in it. See the provider README for the fields, ` +
          `operators and functions served.`,
      );
    throw new JqlError(`Field '${c.field}' does not exist or you do not have permission to view it.`);
  }
  const [kind, prop] = spec;
  if (!OPS[kind].includes(c.op)) throw new JqlError(`The operator '${c.op.toUpperCase()}' is not supported by the '${c.field}' field.`);
  if ((c.op === "is" || c.op === "is not") && c.value.kind !== "empty")
    throw new JqlError(`The operator '${c.op.toUpperCase()}' only supports 'EMPTY' or 'NULL' values.`);
  if (c.op === "is" || c.op === "is not") {
    const empty = (i: IndexedIssue) => {
      const v = i[prop];
      return v === null || (Array.isArray(v) && v.length === 0);
    };
    return c.op === "is" ? empty : (i) => !empty(i);
  }
  if (kind === "date" || kind === "number") return compileOrdered(index, c, kind, prop);
  const values = (c.value.kind === "list" ? c.value.items : [c.value]).flatMap((v) => resolveValue(index, kind, c.field, v));
  const wanted = new Set(values);
  const matches = (i: IndexedIssue): boolean => {
    const v = i[prop] as string | string[] | number[] | null;
    const have = Array.isArray(v)
      ? v.map(String)
      : v === null
        ? kind === "resolution"
          ? [UNRESOLVED]
          : []
        : [kind === "category" ? categoryOf(v) : String(v)];
    return have.some((h) => wanted.has(h));
  };
  const hasValue = (i: IndexedIssue) => {
    const v = i[prop];
    return v !== null && !(Array.isArray(v) && v.length === 0);
  };
  const positive = c.op === "=" || c.op === "in";
  return positive ? matches : (i) => hasValue(i) && !matches(i);
}

/** What an unresolved issue's resolution matches: `Unresolved` and `EMPTY`. */
const UNRESOLVED = "\u0000unresolved";

function categoryOf(status: string): string {
  return CATEGORY_OF[STATUSES.find((s) => s.name === status)!.category]!;
}

/** The stored values a JQL value stands for (keys, names and ids of the same thing all work). */
function resolveValue(index: JqlIndex, kind: Kind, field: string, v: Value): string[] {
  const missing = (text: string): never => {
    throw new JqlError(`The value '${text}' does not exist for the field '${field}'.`);
  };
  if (v.kind === "empty") {
    if (kind === "resolution") return [UNRESOLVED];
    throw new JqlError(`The field '${field}' does not support searching for EMPTY values.`);
  }
  if (v.kind === "function") {
    const fn = v.name.toLowerCase();
    if (kind === "user" && fn === "currentuser") return [index.viewer];
    if (kind === "sprint" && ["opensprints", "closedsprints", "futuresprints"].includes(fn)) {
      const states = fn === "opensprints" ? ["active", "future"] : fn === "closedsprints" ? ["closed"] : ["future"];
      return index.sprints.filter((s) => states.includes(s.state)).map((s) => String(s.id));
    }
    throw new JqlError(`Unable to find JQL function '${v.name}(${v.args.join(", ")})'.`);
  }
  const text = v.text;
  const lower = text.toLowerCase();
  switch (kind) {
    case "project": {
      const p = index.projects.find((x) => x.key.toLowerCase() === lower || x.id === text || x.name.toLowerCase() === lower);
      return p ? [p.key] : missing(text);
    }
    case "key": {
      const hit = index.issues.find((i) => i.key.toLowerCase() === lower || i.id === text);
      if (!hit) throw new JqlError(`An issue with key '${text}' does not exist for field '${field}'.`);
      return [hit.key];
    }
    case "status": {
      const s = STATUSES.find((x) => x.name.toLowerCase() === lower || x.id === text);
      return s ? [s.name] : missing(text);
    }
    case "category": {
      const c = CATEGORY_NAMES[lower];
      return c ? [c] : missing(text);
    }
    case "type": {
      const t = ISSUE_TYPES.find((x) => x.name.toLowerCase() === lower || x.id === text);
      return t ? [t.name] : missing(text);
    }
    case "priority": {
      const p = PRIORITIES.find((x) => x.name.toLowerCase() === lower || x.id === text);
      return p ? [p.name] : missing(text);
    }
    case "user": {
      const a = index.accounts.find((x) => x.accountId === text || x.email.toLowerCase() === lower);
      if (!a) throw new JqlError(`The value '${text}' does not exist for the field '${field}'.`);
      return [a.accountId];
    }
    case "labels":
      return [text];
    case "sprint": {
      const s = index.sprints.filter((x) => String(x.id) === text || x.name.toLowerCase() === lower);
      return s.length ? s.map((x) => String(x.id)) : missing(text);
    }
    case "resolution": {
      if (lower === "unresolved") return [UNRESOLVED];
      const r = RESOLUTIONS.find((x) => x.name.toLowerCase() === lower || x.id === text);
      return r ? [r.name] : missing(text);
    }
    default:
      return missing(text);
  }
}

function compileOrdered(
  index: JqlIndex,
  c: Extract<Node, { kind: "clause" }>,
  kind: "date" | "number",
  prop: keyof IndexedIssue,
): (i: IndexedIssue) => boolean {
  if (c.value.kind === "list") throw new JqlError(`The operator '${c.op.toUpperCase()}' is not supported by the '${c.field}' field.`);
  if (c.value.kind === "empty") throw new JqlError(`The field '${c.field}' does not support searching for EMPTY values.`);
  const target = kind === "number" ? numberValue(c.field, c.value) : instant(index, c.field, c.value);
  const cmp: Record<string, (x: number) => boolean> = {
    "=": (x) => x === target,
    "!=": (x) => x !== target,
    ">": (x) => x > target,
    ">=": (x) => x >= target,
    "<": (x) => x < target,
    "<=": (x) => x <= target,
  };
  const test = cmp[c.op]!;
  return (i) => {
    const v = i[prop] as number | null;
    return v !== null && test(v);
  };
}

function numberValue(field: string, v: Value): number {
  const n = v.kind === "literal" ? Number(v.text) : Number.NaN;
  if (Number.isNaN(n))
    throw new JqlError(`The value '${v.kind === "literal" ? v.text : ""}' is not a valid number for the field '${field}'.`);
  return n;
}

/** A JQL date value as an instant: relative (`-7d`), a date or date-time in the viewer's zone, or a function. */
export function instant(index: JqlIndex, field: string, v: Value): number {
  const local = (ms: number) => ms + index.offsetMinutes * MINUTE;
  const utc = (localMs: number) => localMs - index.offsetMinutes * MINUTE;
  const now = index.asOf;
  if (v.kind === "function") {
    const fn = v.name.toLowerCase();
    const inc = v.args[0] ? /^([+-]?\d+)([wdhmMy]?)$/.exec(v.args[0].trim()) : null;
    if (v.args[0] && !inc) throw new JqlError(`Function '${v.name}' has an invalid increment '${v.args[0]}'.`);
    const amount = inc ? Number(inc[1]) : 0;
    const unit = inc?.[2] ?? "";
    const day0 = Math.floor(local(now) / DAY) * DAY;
    const shift = (base: number, dflt: string) => {
      const u = unit || dflt;
      if (u === "M" || u === "y") {
        const d = new Date(base);
        return u === "M"
          ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + amount, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes())
          : Date.UTC(d.getUTCFullYear() + amount, d.getUTCMonth(), d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes());
      }
      return base + amount * ({ w: 7 * DAY, d: DAY, h: HOUR, m: MINUTE } as Record<string, number>)[u]!;
    };
    const weekStart = day0 - new Date(day0).getUTCDay() * DAY;
    const m = new Date(day0);
    const monthStart = Date.UTC(m.getUTCFullYear(), m.getUTCMonth(), 1);
    const nextMonth = Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1);
    const yearStart = Date.UTC(m.getUTCFullYear(), 0, 1);
    const nextYear = Date.UTC(m.getUTCFullYear() + 1, 0, 1);
    const table: Record<string, () => number> = {
      now: () => now,
      startofday: () => utc(shift(day0, "d")),
      endofday: () => utc(shift(day0 + DAY - 1, "d")),
      startofweek: () => utc(shift(weekStart, "w")),
      endofweek: () => utc(shift(weekStart + 7 * DAY - 1, "w")),
      startofmonth: () => utc(shift(monthStart, "M")),
      endofmonth: () => utc(shift(nextMonth - 1, "M")),
      startofyear: () => utc(shift(yearStart, "y")),
      endofyear: () => utc(shift(nextYear - 1, "y")),
    };
    const f = table[fn];
    if (!f) throw new JqlError(`Unable to find JQL function '${v.name}(${v.args.join(", ")})'.`);
    return f();
  }
  if (v.kind !== "literal") throw new JqlError(`The field '${field}' does not support searching for EMPTY values.`);
  const text = v.text.trim();
  const rel = /^([+-]?)(\d+)([wdhm])$/.exec(text);
  if (rel)
    return (
      now + (rel[1] === "-" ? -1 : 1) * Number(rel[2]) * ({ w: 7 * DAY, d: DAY, h: HOUR, m: MINUTE } as Record<string, number>)[rel[3]!]!
    );
  const abs = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text);
  if (abs) return utc(Date.UTC(Number(abs[1]), Number(abs[2]) - 1, Number(abs[3]), Number(abs[4] ?? 0), Number(abs[5] ?? 0)));
  // A bare number is epoch milliseconds, an instant (Airbyte's manifest writes `updated >= 1704067200000`).
  if (/^\d{10,}$/.test(text)) return Number(text);
  throw new JqlError(
    `Date value '${text}' for field '${field}' is invalid. Valid formats include: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', 'yyyy/MM/dd', ` +
      `'yyyy-MM-dd', or a period format e.g. '-5d', '4w 2d'.`,
  );
}
