import type { JsonValue } from "../json.js";
import type { Problem } from "./filters.js";
import type { ExpressionSpec, ValueType } from "./profile.js";
import type { Order } from "./sort.js";
import { compare, comparable, valuesAt, type Comparable } from "./values.js";

/**
 * The one grammar behind the providers' small query languages:
 *
 *   query  := [or] [ORDER BY field [ASC|DESC] {, field [ASC|DESC]}]
 *   or     := and {OR and};   and := not {AND not};   not := NOT not | ( or ) | clause
 *   clause := field op value | field [NOT] IN ( value {, value} ) | field IS [NOT] (EMPTY|NULL)
 *
 * Values are quoted ('x', "x") or bare words (`2026-03-01T00:00:00+00:00`, `OPEN`). Keywords are
 * case-insensitive. Which fields, operators and literals a dialect has is data (ExpressionSpec).
 */
export interface Compiled {
  test?: (item: JsonValue) => boolean;
  order: Order[];
}

type Token = { kind: "word" | "string" | "op" | "punct" | "field"; text: string; at: number };

export function compileExpression(spec: ExpressionSpec, text: string): Compiled | Problem {
  try {
    const tokens = tokenize(text, spec);
    const parser = new Parser(tokens, spec);
    return parser.query();
  } catch (error) {
    if (error instanceof SyntaxProblem) return { param: spec.param, message: error.message };
    throw error;
  }
}

class SyntaxProblem extends Error {}

const OPERATORS = ["!=", "!~", ">=", "<=", "=", "~", ">", "<"];

function tokenize(text: string, spec: ExpressionSpec): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "(" || c === ")" || c === ",") {
      out.push({ kind: "punct", text: c, at: i++ });
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1,
        value = "";
      for (;;) {
        while (j < text.length && text[j] !== c) {
          if (text[j] === "\\" && j + 1 < text.length && !spec.doubledQuotes) j++;
          value += text[j++];
        }
        // `'O''Brien'`: a doubled quote is one quote of the value, where the dialect writes them so.
        if (!spec.doubledQuotes || text[j + 1] !== c) break;
        value += c;
        j += 2;
      }
      if (j >= text.length) throw new SyntaxProblem(`The quoted value at position ${i} is not closed.`);
      out.push({ kind: "string", text: value, at: i });
      i = j + 1;
      continue;
    }
    if (c === "[" && spec.bracketFields) {
      const j = text.indexOf("]", i);
      if (j === -1) throw new SyntaxProblem(`The field name at position ${i} is not closed.`);
      out.push({ kind: "field", text: text.slice(i + 1, j), at: i });
      i = j + 1;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) {
      out.push({ kind: "op", text: op, at: i });
      i += op.length;
      continue;
    }
    let j = i;
    while (j < text.length && !/[\s(),'"=!~<>]/.test(text[j]!)) j++;
    out.push({ kind: "word", text: text.slice(i, j), at: i });
    i = j;
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly spec: ExpressionSpec,
  ) {}

  query(): Compiled {
    const test = this.peekKeyword("ORDER") || this.done() ? undefined : this.or();
    const order: Order[] = [];
    if (this.peekKeyword("ORDER")) {
      if (!this.spec.orderBy) throw new SyntaxProblem("ORDER BY is not supported here.");
      this.i++;
      this.expectKeyword("BY");
      do {
        const field = this.field();
        let direction: "asc" | "desc" = "asc";
        if (this.peekKeyword("ASC")) this.i++;
        else if (this.peekKeyword("DESC")) {
          this.i++;
          direction = "desc";
        }
        if (this.spec.nullsOrder && this.peekKeyword("NULLS")) {
          this.i++;
          if (!this.peekKeyword("FIRST") && !this.peekKeyword("LAST"))
            throw new SyntaxProblem(`Expected FIRST or LAST at ${this.where()}.`);
          this.i++;
        }
        order.push({ field: field.field, type: field.type, direction });
      } while (this.punct(","));
    }
    if (!this.done()) throw new SyntaxProblem(`Unexpected '${this.tokens[this.i]!.text}' at position ${this.tokens[this.i]!.at}.`);
    return { ...(test ? { test } : {}), order };
  }

  private or(): (item: JsonValue) => boolean {
    const parts = [this.and()];
    while (this.peekKeyword("OR")) {
      this.i++;
      parts.push(this.and());
    }
    return parts.length === 1 ? parts[0]! : (item) => parts.some((p) => p(item));
  }

  private and(): (item: JsonValue) => boolean {
    const parts = [this.not()];
    while (this.peekKeyword("AND")) {
      this.i++;
      parts.push(this.not());
    }
    return parts.length === 1 ? parts[0]! : (item) => parts.every((p) => p(item));
  }

  private not(): (item: JsonValue) => boolean {
    if (this.peekKeyword("NOT")) {
      this.i++;
      const inner = this.not();
      return (item) => !inner(item);
    }
    if (this.punct("(")) {
      const inner = this.or();
      if (!this.punct(")")) throw new SyntaxProblem(`Expected ')' at ${this.where()}.`);
      return inner;
    }
    return this.clause();
  }

  private clause(): (item: JsonValue) => boolean {
    const fn = this.function();
    if (fn) return fn;
    const lambda = this.lambda();
    if (lambda) return lambda;
    const field = this.field();
    const values = (item: JsonValue) => valuesAt(item, field.field);
    const has = (name: string) => this.spec.operators.includes(name);
    if (this.peekKeyword("IS")) {
      this.i++;
      const negate = this.peekKeyword("NOT") ? (this.i++, true) : false;
      if (!has(negate ? "IS_NOT" : "IS")) throw new SyntaxProblem("IS is not supported here.");
      const word = this.tokens[this.i++];
      if (!word || !/^(EMPTY|NULL)$/i.test(word.text)) throw new SyntaxProblem(`Expected EMPTY or NULL at ${this.where()}.`);
      return (item) => values(item).some((v) => v !== null && v !== "") === negate;
    }
    const negated = this.peekKeyword("NOT") && this.tokens[this.i + 1]?.text.toUpperCase() === "IN" ? (this.i++, true) : false;
    if (this.peekKeyword("IN")) {
      if (!has(negated ? "NOT_IN" : "IN")) throw new SyntaxProblem("IN is not supported here.");
      this.i++;
      if (!this.punct("(")) throw new SyntaxProblem(`Expected '(' at ${this.where()}.`);
      const list: Array<Comparable> = [];
      do list.push(this.value(field.type));
      while (this.punct(","));
      if (!this.punct(")")) throw new SyntaxProblem(`Expected ')' at ${this.where()}.`);
      const hit = (item: JsonValue) => values(item).some((v) => list.includes(comparable(v, field.type, true) ?? (Symbol() as never)));
      return negated ? (item) => !hit(item) : hit;
    }
    if (this.peekKeyword("LIKE")) {
      if (!has("LIKE")) throw new SyntaxProblem("LIKE is not supported here.");
      this.i++;
      // `%` is any run of characters and `_` any one; the match ignores case, as SOQL's does.
      const pattern = String(this.rawValue())
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replace(/%/g, ".*")
        .replace(/_/g, ".");
      const re = new RegExp(`^${pattern}$`, "is");
      return (item) => values(item).some((v) => typeof v === "string" && re.test(v));
    }
    const word = this.tokens[this.i];
    const spelled = word?.kind === "word" ? this.spec.wordOperators?.[word.text.toLowerCase()] : undefined;
    if (spelled) this.tokens[this.i] = { kind: "op", text: spelled, at: word!.at };
    const op = this.tokens[this.i];
    if (op?.kind !== "op" || !has(op.text))
      throw new SyntaxProblem(`Expected an operator (${this.spec.operators.join(" ")}) at ${this.where()}.`);
    this.i++;
    if (op.text === "~" || op.text === "!~") {
      const needle = String(this.rawValue()).toLowerCase();
      const hit = (item: JsonValue) => values(item).some((v) => typeof v === "string" && v.toLowerCase().includes(needle));
      return op.text === "~" ? hit : (item) => !hit(item);
    }
    const range = field.type === "time" ? this.range() : undefined;
    if (range) {
      const [from, to] = range;
      const inRange: Record<string, (t: number) => boolean> = {
        "=": (t) => t >= from && t < to,
        "!=": (t) => t < from || t >= to,
        ">": (t) => t >= to,
        ">=": (t) => t >= from,
        "<": (t) => t < from,
        "<=": (t) => t < to,
      };
      const within = inRange[op.text]!;
      return (item) =>
        values(item).some((v) => {
          const t = comparable(v, "time", true);
          return typeof t === "number" && within(t);
        });
    }
    const want = this.value(field.type);
    if (want === null) {
      const isNull = (item: JsonValue) => !values(item).some((v) => v !== null);
      return op.text === "!=" ? (item) => !isNull(item) : isNull;
    }
    const ok: Record<string, (c: number) => boolean> = {
      "=": (c) => c === 0,
      "!=": (c) => c !== 0,
      ">": (c) => c > 0,
      ">=": (c) => c >= 0,
      "<": (c) => c < 0,
      "<=": (c) => c <= 0,
    };
    const test = ok[op.text]!;
    if (op.text === "!=") return (item) => !values(item).some((v) => compare(comparable(v, field.type, true), want) === 0);
    return (item) => values(item).some((v) => v !== null && test(compare(comparable(v, field.type, true), want)));
  }

  /** `startsWith(field,'x')` and its kin, where the dialect has them: a substring test ignoring case. */
  private function(): ((item: JsonValue) => boolean) | undefined {
    const t = this.tokens[this.i];
    const name = t?.kind === "word" ? this.spec.functions?.find((f) => f.toLowerCase() === t.text.toLowerCase()) : undefined;
    if (!name || this.tokens[this.i + 1]?.text !== "(") return undefined;
    this.i += 2;
    const field = this.field();
    if (!this.punct(",")) throw new SyntaxProblem(`Expected ',' at ${this.where()}.`);
    const needle = String(this.rawValue()).toLowerCase();
    if (!this.punct(")")) throw new SyntaxProblem(`Expected ')' at ${this.where()}.`);
    const test = (v: string) =>
      name === "startsWith" ? v.startsWith(needle) : name === "endsWith" ? v.endsWith(needle) : v.includes(needle);
    return (item) => valuesAt(item, field.field).some((v) => typeof v === "string" && test(v.toLowerCase()));
  }

  /** `field/any(x:x eq 'v')`: true when any element of the array field passes the inner comparison. */
  private lambda(): ((item: JsonValue) => boolean) | undefined {
    const t = this.tokens[this.i];
    if (!this.spec.lambdas || t?.kind !== "word" || !/\/any$/i.test(t.text) || this.tokens[this.i + 1]?.text !== "(") return undefined;
    const outer = t.text.slice(0, -4);
    const variable = /^(\w+):(\w+)$/.exec(this.tokens[this.i + 2]?.text ?? "");
    if (!variable || variable[1] !== variable[2]) throw new SyntaxProblem(`Expected 'x:x' after any( at ${this.where()}.`);
    // The inner clause names the element as the array field itself: valuesAt reaches into arrays.
    this.tokens[this.i + 2] = { kind: "word", text: outer, at: this.tokens[this.i + 2]!.at };
    this.i += 2;
    const inner = this.clause();
    if (!this.punct(")")) throw new SyntaxProblem(`Expected ')' at ${this.where()}.`);
    return inner;
  }

  private field(): { field: string; type: ValueType } {
    const t = this.tokens[this.i];
    if (!t || (t.kind !== "word" && t.kind !== "field" && t.kind !== "string"))
      throw new SyntaxProblem(`Expected a field name at ${this.where()}.`);
    this.i++;
    const name = this.spec.caseInsensitiveFields
      ? Object.keys(this.spec.fields).find((k) => k.toLowerCase() === t.text.toLowerCase())
      : t.text in this.spec.fields
        ? t.text
        : undefined;
    if (name === undefined) throw new SyntaxProblem(`Field '${t.text}' does not exist or cannot be queried here.`);
    return this.spec.fields[name]!;
  }

  /** A word of the dialect's `ranges` (a span of time), consumed; undefined when the next value is none. */
  private range(): [number, number] | undefined {
    const t = this.tokens[this.i];
    const span = t?.kind === "word" ? this.spec.ranges?.[t.text.toUpperCase()] : undefined;
    if (span) this.i++;
    return span;
  }

  private rawValue(): string | null {
    const t = this.tokens[this.i];
    if (!t || (t.kind !== "word" && t.kind !== "string")) throw new SyntaxProblem(`Expected a value at ${this.where()}.`);
    this.i++;
    if (t.kind === "word") {
      const literal = Object.entries(this.spec.literals ?? {}).find(([k]) => k.toLowerCase() === t.text.toLowerCase());
      if (literal) return literal[1] === null ? null : String(literal[1]);
    }
    return t.text;
  }

  private value(type: ValueType): Comparable {
    const raw = this.rawValue();
    if (raw === null) return null;
    const c = comparable(raw, type, true);
    if (c === undefined) throw new SyntaxProblem(`'${raw}' is not a valid ${type === "time" ? "date" : type} value.`);
    // A time written without an offset is in the dialect's zone (Jira: the caller's).
    const offset = this.spec.utcOffsetMinutes ?? 0;
    if (type === "time" && typeof c === "number" && offset !== 0 && !/\d{12,14}$|([Zz]|[+-]\d{2}:?\d{2})$/.test(raw.trim()))
      return c - offset * 60_000;
    return c;
  }

  private peekKeyword(word: string): boolean {
    const t = this.tokens[this.i];
    return t?.kind === "word" && t.text.toUpperCase() === word;
  }

  private expectKeyword(word: string): void {
    if (!this.peekKeyword(word)) throw new SyntaxProblem(`Expected ${word} at ${this.where()}.`);
    this.i++;
  }

  private punct(p: string): boolean {
    const t = this.tokens[this.i];
    if (t?.kind === "punct" && t.text === p) return (this.i++, true);
    return false;
  }

  private done(): boolean {
    return this.i >= this.tokens.length;
  }

  private where(): string {
    const t = this.tokens[this.i];
    return t ? `position ${t.at}` : "the end of the query";
  }
}
