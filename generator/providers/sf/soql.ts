import { compileExpression } from "../../core/lists/expression.js";
import type { ExpressionSpec, ValueType } from "../../core/lists/profile.js";
import type { Order } from "../../core/lists/sort.js";
import type { JsonValue } from "../../core/provider.js";
import { DAY } from "../../world/clock.js";
import { OBJECTS, objectDef, type FieldDef, type FieldType, type ObjectDef } from "./schema.js";

/** A parsed SOQL query: what to select from which object, under what condition, in what order, how many. */
export interface Soql {
  object: ObjectDef;
  /** Output fields: a field of the object, a parent's field (`Account.Name`), or a child subquery. */
  select: Selected[];
  count: boolean;
  test?: (item: JsonValue) => boolean;
  order: Order[];
  limit?: number;
  offset: number;
  /** In a child subquery: the child's field that points at the parent record. */
  childField?: string;
}

export type Selected =
  | { kind: "field"; field: FieldDef }
  | { kind: "parent"; relationship: string; parent: ObjectDef; via: FieldDef; field: FieldDef }
  | { kind: "children"; relationship: string; query: Soql; childField: string };

/** A refusal in Salesforce's words: its error code, and the message with the caret under the culprit. */
export interface SoqlError {
  errorCode: "MALFORMED_QUERY" | "INVALID_FIELD" | "INVALID_TYPE";
  message: string;
}

const TYPE_OF: Partial<Record<FieldType, ValueType>> = {
  boolean: "boolean",
  double: "number",
  currency: "number",
  percent: "number",
  int: "number",
  date: "time",
  datetime: "time",
};

/**
 * SOQL as the REST `query` resource reads it: `SELECT fields FROM Object [WHERE …] [ORDER BY …]
 * [LIMIT n] [OFFSET n]`, with parent fields (`Account.Name`), child subqueries (`(SELECT Id FROM
 * Contacts)`), `COUNT()`, `FIELDS(ALL|STANDARD)` and the date literals (`TODAY`, `LAST_N_DAYS:30`, …)
 * resolved against the org's clock. WHERE and ORDER BY are the core's query grammar in SOQL's dialect.
 */
export function parseSoql(text: string, now: number): Soql | SoqlError {
  try {
    return new SoqlParser(text, now).parse();
  } catch (e) {
    if (e instanceof Refusal) return e.error;
    throw e;
  }
}

class Refusal extends Error {
  constructor(readonly error: SoqlError) {
    super(error.message);
  }
}

/** Salesforce's message: the query, a caret under the column, the row and column, then why. */
function caret(text: string, at: number, why: string): string {
  const lines = text.split("\n");
  let row = 0,
    col = at;
  while (row < lines.length - 1 && col > lines[row]!.length) {
    col -= lines[row]!.length + 1;
    row++;
  }
  return `\n${lines[row]}\n${" ".repeat(col)}^\nERROR at Row:${row + 1}:Column:${col + 1}\n${why}`;
}

class SoqlParser {
  constructor(
    private readonly text: string,
    private readonly now: number,
  ) {}

  parse(): Soql {
    return this.query(this.text, 0, undefined);
  }

  private refuse(code: SoqlError["errorCode"], at: number, why: string): never {
    throw new Refusal({ errorCode: code, message: caret(this.text, at, why) });
  }

  /** One SELECT, at `offset` in the whole text; `parent` is the object a subquery's relationship hangs from. */
  private query(q: string, offset: number, parent: ObjectDef | undefined): Soql {
    const clauses = splitClauses(q);
    if (!clauses.SELECT || clauses.SELECT.at !== firstWordAt(q))
      this.refuse("MALFORMED_QUERY", offset + firstWordAt(q), `unexpected token: '${q.trim().split(/\s+/)[0] ?? ""}'`);
    if (!clauses.FROM) this.refuse("MALFORMED_QUERY", offset + q.length, "unexpected token: <EOF>");
    for (const unsupported of ["GROUP BY", "HAVING", "WITH", "FOR", "TYPEOF"] as const) {
      if (clauses[unsupported])
        this.refuse("MALFORMED_QUERY", offset + clauses[unsupported]!.at, `${unsupported} is not supported by snapverse's SOQL`);
    }
    const fromText = clauses.FROM!.text.trim();
    const fromAt = offset + clauses.FROM!.bodyAt + clauses.FROM!.text.indexOf(fromText);
    let object: ObjectDef | undefined;
    let childField = "";
    if (parent) {
      const rel = parent.children.find((c) => c.relationshipName.toLowerCase() === fromText.toLowerCase());
      if (!rel)
        this.refuse(
          "INVALID_TYPE",
          fromAt,
          `Didn't understand relationship '${fromText}' in FROM part of query call. If you are ` +
            `attempting to use a custom relationship, be ` +
            `sure to append the '__r' after the custom relationship name. Please reference your WSDL ` +
            `or the describe call for the appropriate names.`,
        );
      object = objectDef(rel.childSObject)!;
      childField = rel.field;
    } else {
      object = /^\w+$/.test(fromText) ? objectDef(fromText) : undefined;
      if (!object)
        this.refuse(
          "INVALID_TYPE",
          fromAt,
          `sObject type '${fromText}' is not supported. If you are attempting to use a custom object, be sure to append the ` +
            `'__c' after the ` +
            `entity name. Please reference your WSDL or the describe call for the appropriate names.`,
        );
    }
    const o = object!;
    const select: Selected[] = [];
    let count = false;
    for (const item of splitTopLevel(clauses.SELECT.text, clauses.SELECT.bodyAt)) {
      const t = item.text.trim();
      const at = offset + item.at + item.text.indexOf(t);
      if (/^count\(\s*\)$/i.test(t)) count = true;
      else if (/^fields\(\s*(all|standard)\s*\)$/i.test(t)) select.push(...o.fields.map((field) => ({ kind: "field" as const, field })));
      else if (t.startsWith("(")) {
        if (parent) this.refuse("MALFORMED_QUERY", at, "Nesting of semi join sub-selects is not supported");
        const inner = t.slice(1, -1);
        const sub = this.query(inner, at + 1, o);
        const rel = o.children.find((c) => c.childSObject === sub.object.name && c.field === sub.childField)!;
        select.push({ kind: "children", relationship: rel.relationshipName, query: sub, childField: sub.childField! });
      } else select.push(this.selectField(o, t, at));
    }
    if (count && select.length)
      this.refuse("MALFORMED_QUERY", offset + clauses.SELECT.bodyAt, "COUNT() and fields cannot be selected together");
    if (!count && !select.length) this.refuse("MALFORMED_QUERY", offset + clauses.SELECT.bodyAt, "unexpected token: 'FROM'");
    // `<>` is SOQL's other spelling of `!=` (outside quoted values).
    const where = (clauses.WHERE?.text ?? "")
      .split(/('(?:\\.|[^'\\])*')/)
      .map((part, k) => (k % 2 ? part : part.replace(/<>/g, "!=")))
      .join("");
    const orderBy = clauses["ORDER BY"] ? ` ORDER BY ${clauses["ORDER BY"].text}` : "";
    for (const name of ["WHERE", "ORDER BY", "LIMIT", "OFFSET"] as const) {
      if (clauses[name] && !clauses[name]!.text.trim())
        this.refuse("MALFORMED_QUERY", offset + clauses[name]!.bodyAt, "unexpected token: <EOF>");
    }
    let test: Soql["test"];
    let order: Order[] = [];
    if (where.trim() || orderBy) {
      const compiled = compileExpression(this.dialect(o, where + orderBy), where + orderBy);
      if ("message" in compiled)
        this.refuse(
          /does not exist/.test(compiled.message) ? "INVALID_FIELD" : "MALFORMED_QUERY",
          offset + (clauses.WHERE ?? clauses["ORDER BY"])!.bodyAt,
          compiled.message,
        );
      test = compiled.test;
      order = compiled.order;
    }
    const number = (name: "LIMIT" | "OFFSET") => {
      const c = clauses[name];
      if (!c) return undefined;
      if (!/^\s*\d+\s*$/.test(c.text)) this.refuse("MALFORMED_QUERY", offset + c.bodyAt, `unexpected token: '${c.text.trim()}'`);
      return Number(c.text);
    };
    const limit = number("LIMIT");
    const off = number("OFFSET") ?? 0;
    if (off > 2000) this.refuse("MALFORMED_QUERY", offset + clauses.OFFSET!.bodyAt, "maximum SOQL offset allowed is 2000");
    if (select.length && /fields\(\s*all\s*\)/i.test(clauses.SELECT.text) && (limit === undefined || limit > 200)) {
      this.refuse("MALFORMED_QUERY", offset + clauses.SELECT.bodyAt, "The SOQL FIELDS function must have a LIMIT of at most 200");
    }
    return {
      object: o,
      select,
      count,
      ...(test ? { test } : {}),
      order,
      ...(limit !== undefined ? { limit } : {}),
      offset: off,
      ...(childField ? { childField } : {}),
    };
  }

  private selectField(o: ObjectDef, name: string, at: number): Selected {
    const noSuch = (on: string, f: string) =>
      this.refuse(
        "INVALID_FIELD",
        at,
        `No such column '${f}' on entity '${on}'. If you are attempting to use a custom field, be ` +
          `sure to append the '__c' after the custom ` +
          `field name. Please reference your WSDL or the describe call for the appropriate names.`,
      );
    const parts = name.split(".");
    if (parts.length === 1) {
      const field = o.fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
      return field ? { kind: "field", field } : noSuch(o.name, name);
    }
    if (parts.length !== 2) this.refuse("INVALID_FIELD", at, `Only one level of relationship is supported here: '${name}'`);
    const via = o.fields.find((f) => f.relationshipName?.toLowerCase() === parts[0]!.toLowerCase());
    if (!via)
      this.refuse(
        "INVALID_FIELD",
        at,
        `Didn't understand relationship '${parts[0]}' in field path. If you are attempting to use ` +
          `a custom relationship, be sure to append ` +
          `the '__r' after the custom relationship name. Please reference your WSDL or the describe ` +
          `call for the appropriate names.`,
      );
    const parent = objectDef(via!.referenceTo!)!;
    const field = parent.fields.find((f) => f.name.toLowerCase() === parts[1]!.toLowerCase());
    return field ? { kind: "parent", relationship: via!.relationshipName!, parent, via: via!, field } : noSuch(parent.name, parts[1]!);
  }

  /** SOQL's dialect of the core grammar: the object's fields and its parents' (`Account.Name`), any case. */
  private dialect(o: ObjectDef, text: string): ExpressionSpec {
    const fields: ExpressionSpec["fields"] = {};
    const typeOf = (f: FieldDef): ValueType => TYPE_OF[f.type] ?? "string";
    for (const f of o.fields) {
      fields[f.name] = { field: f.name, type: typeOf(f) };
      if (f.relationshipName && f.referenceTo) {
        for (const pf of objectDef(f.referenceTo)!.fields)
          fields[`${f.relationshipName}.${pf.name}`] = { field: `${f.relationshipName}.${pf.name}`, type: typeOf(pf) };
      }
    }
    return {
      param: "q",
      fields,
      operators: ["=", "!=", ">", ">=", "<", "<=", "IN", "NOT_IN", "LIKE"],
      orderBy: true,
      nullsOrder: true,
      caseInsensitiveFields: true,
      literals: { null: null, true: true, false: false },
      ranges: dateRanges(text, this.now),
    };
  }
}

/** The top-level clauses of one SELECT, by keyword: each with its text and where it starts. */
type Clause = { at: number; bodyAt: number; text: string };
const KEYWORDS = ["SELECT", "FROM", "WHERE", "WITH", "GROUP BY", "HAVING", "ORDER BY", "LIMIT", "OFFSET", "FOR", "TYPEOF"] as const;

function splitClauses(q: string): Partial<Record<(typeof KEYWORDS)[number], Clause>> {
  const marks: Array<{ kw: (typeof KEYWORDS)[number]; at: number; bodyAt: number }> = [];
  let depth = 0;
  for (let i = 0; i < q.length; i++) {
    const c = q[i]!;
    if (c === "'") {
      for (i++; i < q.length && q[i] !== "'"; i++) if (q[i] === "\\") i++;
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") depth--;
    if (depth || (i > 0 && /\w/.test(q[i - 1]!))) continue;
    for (const kw of KEYWORDS) {
      const m = new RegExp(`^${kw.replace(" ", "\\s+")}(?![\\w.])`, "i").exec(q.slice(i));
      if (m) {
        marks.push({ kw, at: i, bodyAt: i + m[0].length });
        i += m[0].length - 1;
        break;
      }
    }
  }
  const out: Partial<Record<(typeof KEYWORDS)[number], Clause>> = {};
  marks.forEach((m, k) => {
    out[m.kw] ??= { at: m.at, bodyAt: m.bodyAt, text: q.slice(m.bodyAt, marks[k + 1]?.at ?? q.length) };
  });
  return out;
}

function splitTopLevel(text: string, at: number): Array<{ text: string; at: number }> {
  const out: Array<{ text: string; at: number }> = [];
  let depth = 0,
    start = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    if ((c === "," && depth === 0) || i === text.length) {
      if (text.slice(start, i).trim()) out.push({ text: text.slice(start, i), at: at + start });
      start = i + 1;
    }
  }
  return out;
}

const firstWordAt = (q: string) => q.length - q.trimStart().length;

/**
 * The date literals the query names, resolved to [from, to) in the org's zone (GMT) as of `now`:
 * weeks start on Sunday (en_US), quarters are calendar quarters.
 */
export function dateRanges(text: string, now: number): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  const today = now - (((now % DAY) + DAY) % DAY);
  const d = new Date(today);
  const month = (y: number, m: number) => Date.UTC(y, m, 1);
  const Y = d.getUTCFullYear(),
    M = d.getUTCMonth(),
    week = today - d.getUTCDay() * DAY,
    q = Math.floor(M / 3) * 3;
  const fixed: Record<string, [number, number]> = {
    YESTERDAY: [today - DAY, today],
    TODAY: [today, today + DAY],
    TOMORROW: [today + DAY, today + 2 * DAY],
    LAST_WEEK: [week - 7 * DAY, week],
    THIS_WEEK: [week, week + 7 * DAY],
    NEXT_WEEK: [week + 7 * DAY, week + 14 * DAY],
    LAST_MONTH: [month(Y, M - 1), month(Y, M)],
    THIS_MONTH: [month(Y, M), month(Y, M + 1)],
    NEXT_MONTH: [month(Y, M + 1), month(Y, M + 2)],
    LAST_90_DAYS: [today - 90 * DAY, today + DAY],
    NEXT_90_DAYS: [today + DAY, today + 91 * DAY],
    LAST_QUARTER: [month(Y, q - 3), month(Y, q)],
    THIS_QUARTER: [month(Y, q), month(Y, q + 3)],
    NEXT_QUARTER: [month(Y, q + 3), month(Y, q + 6)],
    LAST_YEAR: [month(Y - 1, 0), month(Y, 0)],
    THIS_YEAR: [month(Y, 0), month(Y + 1, 0)],
    NEXT_YEAR: [month(Y + 1, 0), month(Y + 2, 0)],
  };
  Object.assign(out, fixed);
  for (const m of text.matchAll(
    /\b(LAST_N_DAYS|NEXT_N_DAYS|N_DAYS_AGO|LAST_N_WEEKS|NEXT_N_WEEKS|LAST_N_MONTHS|NEXT_N_MONTHS|LAST_N_YEARS|NEXT_N_YEARS):(\d+)\b/gi,
  )) {
    const n = Number(m[2]);
    const kind = m[1]!.toUpperCase();
    const span: Record<string, [number, number]> = {
      LAST_N_DAYS: [today - n * DAY, today + DAY],
      NEXT_N_DAYS: [today + DAY, today + (n + 1) * DAY],
      N_DAYS_AGO: [today - n * DAY, today - (n - 1) * DAY],
      LAST_N_WEEKS: [week - 7 * n * DAY, week],
      NEXT_N_WEEKS: [week + 7 * DAY, week + 7 * (n + 1) * DAY],
      LAST_N_MONTHS: [month(Y, M - n), month(Y, M)],
      NEXT_N_MONTHS: [month(Y, M + 1), month(Y, M + 1 + n)],
      LAST_N_YEARS: [month(Y - n, 0), month(Y, 0)],
      NEXT_N_YEARS: [month(Y + 1, 0), month(Y + 1 + n, 0)],
    };
    out[`${kind}:${n}`] = span[kind]!;
  }
  return out;
}

export { OBJECTS };
