import { compileExpression } from "../../core/lists/expression.js";
import type { ExpressionSpec, ValueType } from "../../core/lists/profile.js";
import { sortItems } from "../../core/lists/sort.js";
import type { JsonObject } from "../../core/provider.js";

/**
 * WIQL's WHERE and ORDER BY evaluated over the frozen work items with core's query grammar
 * (core/lists/expression.ts). WIQL differs from that grammar in spelling only, so the statement is
 * rewritten first: `<>` is `!=`, `CONTAINS` is `~`, `UNDER 'P\T'` is the path or below it, macros
 * (`@project`, `@Me`, `@Today - n`, `@CurrentIteration`) become literals, and string literals are
 * re-quoted (WIQL doubles quotes and has no backslash escapes; area paths are full of backslashes).
 */

export interface WiqlScope {
  project: string;
  /** The spellings of the authenticated user (`@Me`): display name, email, `Name <email>`. */
  me: string[];
  /** The as-of instant of the pin (`@Today` is its day). */
  asOf: string;
  /** The team's current iteration path, in a team scope. */
  currentIteration?: string;
  /** `timePrecision=true`: dates compare as instants; otherwise as days, and a time is refused. */
  timePrecision: boolean;
}

export interface WiqlAnswer {
  ids: number[];
  /** The ORDER BY fields, by reference name. */
  sort: Array<{ ref: string; descending: boolean }>;
}

export class WiqlProblem extends Error {}

/** Identity fields: compared by display name, email or `Name <email>`. */
const IDENTITY = /^(System\.(AssignedTo|CreatedBy|ChangedBy|AuthorizedAs)|Microsoft\.VSTS\.Common\.(ActivatedBy|ResolvedBy|ClosedBy))$/i;
const NUMBER = /^(System\.(Id|Rev|CommentCount)|Microsoft\.VSTS\.(Common\.Priority|Scheduling\.\w+))$/i;
const key = (ref: string) => ref.replaceAll(".", "_");

function typeOf(ref: string): ValueType {
  return NUMBER.test(ref) ? "number" : /Date$/i.test(ref) ? "time" : "string";
}

/** One work item as the grammar reads it: flat keys (no dots), identities as their spellings. */
function flatten(item: JsonObject, timePrecision: boolean): JsonObject {
  const fields = (item.fields ?? {}) as JsonObject;
  const out: JsonObject = { [key("System.Id")]: item.id ?? null };
  for (const [ref, value] of Object.entries(fields)) {
    if (IDENTITY.test(ref) && value && typeof value === "object" && !Array.isArray(value)) {
      const who = value as JsonObject;
      out[key(ref)] = [String(who.displayName), String(who.uniqueName), `${String(who.displayName)} <${String(who.uniqueName)}>`];
    } else if (typeOf(ref) === "time" && typeof value === "string" && !timePrecision) {
      // Date precision: a field's day, so `<= '2026-03-01'` holds the whole day.
      out[key(ref)] = `${value.slice(0, 10)}T00:00:00Z`;
    } else out[key(ref)] = value;
  }
  return out;
}

/** Every field the items carry (and the fields columns know), as the grammar's field table. */
function fieldTable(items: JsonObject[], known: string[]): { spec: ExpressionSpec; refs: Map<string, string> } {
  const refs = new Map<string, string>();
  for (const ref of ["System.Id", ...known]) refs.set(key(ref), ref);
  for (const item of items) for (const ref of Object.keys((item.fields ?? {}) as JsonObject)) refs.set(key(ref), ref);
  const fields: ExpressionSpec["fields"] = {};
  for (const [k, ref] of refs) fields[ref] = { field: IDENTITY.test(ref) ? `${k}[]` : k, type: typeOf(ref) };
  return {
    spec: {
      param: "query",
      fields,
      operators: ["=", "!=", ">", ">=", "<", "<=", "~", "!~", "IN", "NOT_IN"],
      orderBy: true,
      caseInsensitiveFields: true,
      bracketFields: true,
    },
    refs,
  };
}

type Segment = { text: string; quoted: boolean };

/** Splits WIQL into text and string literals ('' inside quotes is one quote). */
function segments(wiql: string): Segment[] {
  const out: Segment[] = [];
  let i = 0,
    text = "";
  while (i < wiql.length) {
    const c = wiql[i]!;
    if (c !== "'" && c !== '"') {
      text += c;
      i++;
      continue;
    }
    if (text) {
      out.push({ text, quoted: false });
      text = "";
    }
    let j = i + 1,
      value = "";
    for (;;) {
      if (j >= wiql.length) throw new WiqlProblem(`The string literal at position ${i} is not closed.`);
      if (wiql[j] === c && wiql[j + 1] === c) {
        value += c;
        j += 2;
      } else if (wiql[j] === c) break;
      else value += wiql[j++];
    }
    out.push({ text: value, quoted: true });
    i = j + 1;
  }
  if (text) out.push({ text, quoted: false });
  return out;
}

const quote = (s: string) => `'${s.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** The statement's WHERE/ORDER BY tail in core's grammar. */
export function rewrite(tail: string, scope: WiqlScope): string {
  const parts = segments(tail);
  let out = "";
  for (const [n, part] of parts.entries()) {
    if (part.quoted) {
      if (!scope.timePrecision && DATE_TIME.test(part.text)) {
        throw new WiqlProblem(
          `You cannot supply a time with the date when running a query using date precision. The error is caused by «'${part.text}'».`,
        );
      }
      // UNDER: the path itself or anything below it.
      const under = /(\[[^\]]+\]|[\w.]+)\s+(not\s+)?under\s*$/i.exec(out);
      if (under) {
        const [whole, field, not] = under;
        out = `${out.slice(0, -whole.length)}${not ? "NOT " : ""}(${field} = ${quote(part.text)} OR ${field} ~ ${quote(`${part.text}\\`)})`;
      } else out += quote(part.text);
      continue;
    }
    let text = part.text;
    const words = text.replace(/\[[^\]]*\]/g, "");
    if (/\b(ever|asof|mode)\b/i.test(words)) throw new WiqlProblem("EVER, ASOF and MODE are not answered by this snapshot.");
    text = text
      .replace(/<>/g, "!=")
      .replace(/\bnot\s+contains(\s+words)?\b/gi, "!~")
      .replace(/\bcontains(\s+words)?\b/gi, "~");
    text = text.replace(/@today\s*(?:([-+])\s*(\d+))?/gi, (_m, sign?: string, days?: string) => {
      const day = Date.parse(`${scope.asOf.slice(0, 10)}T00:00:00Z`) + (sign === "-" ? -1 : 1) * Number(days ?? 0) * 86_400_000;
      return quote(new Date(day).toISOString().slice(0, 10));
    });
    text = text.replace(/@project\b/gi, quote(scope.project));
    text = text.replace(/@me\b/gi, quote(scope.me[1] ?? scope.me[0] ?? ""));
    text = text.replace(/@currentiteration\b/gi, () => {
      if (scope.currentIteration === undefined)
        throw new WiqlProblem("The macro @CurrentIteration needs a team: send the query to {project}/{team}/_apis/wit/wiql.");
      return quote(scope.currentIteration);
    });
    const macro = /@\w+/.exec(text.replace(/\[[^\]]*\]/g, ""));
    if (macro) throw new WiqlProblem(`The macro '${macro[0]}' is not answered by this snapshot.`);
    // UNDER followed by a string is handled with the next segment; a trailing UNDER is an error there.
    if (n === parts.length - 1 && /\bunder\s*$/i.test(text)) throw new WiqlProblem("UNDER needs a path.");
    out += text;
  }
  return out;
}

/** Evaluates a statement's tail (everything after `FROM WorkItems`) over the work items. */
export function evaluate(tail: string, items: JsonObject[], scope: WiqlScope, known: string[]): WiqlAnswer {
  const flat = items.map((i) => flatten(i, scope.timePrecision)).sort((a, b) => Number(a[key("System.Id")]) - Number(b[key("System.Id")]));
  const { spec, refs } = fieldTable(items, known);
  const body = tail.trim().replace(/^where\b/i, "");
  const compiled = compileExpression(spec, rewrite(body, scope));
  if ("message" in compiled) throw new WiqlProblem(compiled.message);
  let hits = compiled.test ? flat.filter((i) => compiled.test!(i)) : flat;
  if (compiled.order.length) hits = sortItems(hits, compiled.order) as JsonObject[];
  const refOf = (field: string) => refs.get(field.replace(/\[\]$/, "")) ?? field;
  return {
    ids: hits.map((i) => Number(i[key("System.Id")])),
    sort: compiled.order.map((o) => ({ ref: refOf(o.field), descending: o.direction === "desc" })),
  };
}
