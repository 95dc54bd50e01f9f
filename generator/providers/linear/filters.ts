import { type GraphQLInputObjectType, type GraphQLObjectType, getNamedType, isInputObjectType, isObjectType } from "graphql";
import { DAY, HOUR, MINUTE } from "../../world/clock.js";
import { inputError, notServed } from "./errors.js";
import { linearSchema } from "./schema.js";
import { type Entity, type Store, isRef } from "./store.js";

/**
 * Linear's filters (`IssueFilter`, `UserFilter`, …) evaluated over the pin's records, driven by the
 * schema: a `…Comparator` field compares the record's own value, a `…Filter` field follows the
 * relation it names, a `…CollectionFilter` field (`labels`, `comments`, `children`) applies `some`,
 * `every` and `length` to the related records, and `and`/`or` combine. Dates accept ISO instants and
 * ISO 8601 durations relative to the pin's as-of (`-P2W`: two weeks before), as Linear reads them.
 * Comparators or operators the snapshot does not evaluate answer an error, never a wrong list.
 */
export interface FilterContext {
  store: Store;
  /** The records of a to-many relation (`Issue.labels`), as the connection resolvers see them. */
  related(parent: Entity, field: string): Entity[];
}

const COMPARATORS = new Set([
  "StringComparator",
  "NullableStringComparator",
  "DateComparator",
  "NullableDateComparator",
  "NumberComparator",
  "NullableNumberComparator",
  "IDComparator",
  "IssueIDComparator",
  "EstimateComparator",
  "BooleanComparator",
  "NullableBooleanComparator",
  "TimelessDateComparator",
  "NullableTimelessDateComparator",
  "RelationExistsComparator",
]);

export function matches(entity: Entity, filter: Record<string, unknown>, type: GraphQLInputObjectType, ctx: FilterContext): boolean {
  for (const [key, cond] of Object.entries(filter)) {
    if (cond === undefined || cond === null) continue;
    if (key === "and") {
      if (!(cond as Array<Record<string, unknown>>).every((f) => matches(entity, f, type, ctx))) return false;
      continue;
    }
    if (key === "or") {
      if (!(cond as Array<Record<string, unknown>>).some((f) => matches(entity, f, type, ctx))) return false;
      continue;
    }
    const field = type.getFields()[key];
    if (!field) throw notServed(`filter field ${type.name}.${key}`);
    const input = getNamedType(field.type);
    if (!isInputObjectType(input)) throw notServed(`filter field ${type.name}.${key}`);
    const c = cond as Record<string, unknown>;
    if (input.name.endsWith("CollectionFilter")) {
      if (!collection(ctx.related(entity, key), c, input, ctx, ctx.store.asOf)) return false;
    } else if (input.name.endsWith("Comparator")) {
      if (!COMPARATORS.has(input.name)) throw notServed(`${input.name} (filter field ${key})`);
      const value = input.name === "RelationExistsComparator" ? (entity[key] ?? false) : entity[key];
      if (!compare(value, c, input.name, ctx.store.asOf)) return false;
    } else if (input.name.endsWith("Filter")) {
      if (!relation(entity, key, c, input, ctx)) return false;
    } else {
      throw notServed(`filter field ${type.name}.${key}`);
    }
  }
  return true;
}

/** A to-one relation: `null: true` asks for none; any other condition applies to the related record. */
function relation(entity: Entity, key: string, cond: Record<string, unknown>, type: GraphQLInputObjectType, ctx: FilterContext): boolean {
  const target = related(entity, key, ctx.store);
  const { null: isNull, ...rest } = cond;
  if (isNull === true && target) return false;
  if (isNull === false && !target) return false;
  if (Object.keys(rest).length === 0) return true;
  return target ? matches(target, rest, type, ctx) : false;
}

/** The record a `{id}` reference points at, looked up by the field's type in the schema. */
export function related(entity: Entity, key: string, store: Store): Entity | undefined {
  const value = entity[key];
  if (!isRef(value)) return undefined;
  const objectType = linearSchema().getType(entity.__typename) as GraphQLObjectType | undefined;
  const target = objectType?.getFields()[key] ? getNamedType(objectType.getFields()[key]!.type) : undefined;
  return target && isObjectType(target) ? store.get(target.name, value.id) : undefined;
}

function collection(
  items: Entity[],
  cond: Record<string, unknown>,
  type: GraphQLInputObjectType,
  ctx: FilterContext,
  asOf: number,
): boolean {
  for (const [key, sub] of Object.entries(cond)) {
    if (sub === undefined || sub === null) continue;
    const field = type.getFields()[key];
    const subType = field ? getNamedType(field.type) : undefined;
    if (key === "length") {
      if (!compare(items.length, sub as Record<string, unknown>, "NumberComparator", asOf)) return false;
    } else if ((key === "some" || key === "every") && subType && isInputObjectType(subType)) {
      const test = (e: Entity) => matches(e, sub as Record<string, unknown>, subType, ctx);
      if (key === "some" ? !items.some(test) : !items.every(test)) return false;
    } else if (key === "and" || key === "or") {
      const subs = sub as Array<Record<string, unknown>>;
      if (
        key === "and" ? !subs.every((f) => collection(items, f, type, ctx, asOf)) : !subs.some((f) => collection(items, f, type, ctx, asOf))
      )
        return false;
    } else {
      // A field of the related record named directly on the collection filter: some record matches.
      if (!items.some((e) => matches(e, { [key]: sub }, type, ctx))) return false;
    }
  }
  return true;
}

const DATE_TYPES = new Set(["DateComparator", "NullableDateComparator", "TimelessDateComparator", "NullableTimelessDateComparator"]);

/** One comparator over a record's value; `and`/`or` inside a comparator (EstimateComparator) combine. */
export function compare(value: unknown, cond: Record<string, unknown>, type: string, asOf: number): boolean {
  const isDate = DATE_TYPES.has(type);
  const norm = (v: unknown): unknown => {
    if (v === null || v === undefined) return null;
    if (isDate) return typeof v === "string" ? instant(v, asOf) : null;
    return v;
  };
  const left = norm(value);
  const text = typeof value === "string" ? value : "";
  const lower = text.toLowerCase();
  for (const [op, raw] of Object.entries(cond)) {
    if (raw === undefined) continue;
    const right = Array.isArray(raw) ? raw.map(norm) : norm(raw);
    const arg = typeof raw === "string" ? raw : "";
    const ok = ((): boolean => {
      switch (op) {
        case "eq":
          return type === "IssueIDComparator" ? value === raw || value === right : left === right;
        case "neq":
          return left !== right;
        case "in":
          return (right as unknown[]).includes(left);
        case "nin":
          return !(right as unknown[]).includes(left);
        case "lt":
          return left !== null && right !== null && (left as number) < (right as number);
        case "lte":
          return left !== null && right !== null && (left as number) <= (right as number);
        case "gt":
          return left !== null && right !== null && (left as number) > (right as number);
        case "gte":
          return left !== null && right !== null && (left as number) >= (right as number);
        case "null":
          return raw === null ? true : (left === null) === raw;
        case "eqIgnoreCase":
          return lower === arg.toLowerCase();
        case "neqIgnoreCase":
          return lower !== arg.toLowerCase();
        case "contains":
          return text.includes(arg);
        case "notContains":
          return !text.includes(arg);
        case "containsIgnoreCase":
          return lower.includes(arg.toLowerCase());
        case "containsIgnoreCaseAndAccent":
          return fold(text).includes(fold(arg));
        case "notContainsIgnoreCase":
          return !lower.includes(arg.toLowerCase());
        case "startsWith":
          return text.startsWith(arg);
        case "startsWithIgnoreCase":
          return lower.startsWith(arg.toLowerCase());
        case "notStartsWith":
          return !text.startsWith(arg);
        case "endsWith":
          return text.endsWith(arg);
        case "notEndsWith":
          return !text.endsWith(arg);
        case "and":
          return (raw as Array<Record<string, unknown>>).every((c) => compare(value, c, type, asOf));
        case "or":
          return (raw as Array<Record<string, unknown>>).some((c) => compare(value, c, type, asOf));
        default:
          throw notServed(`comparator ${type}.${op}`);
      }
    })();
    if (!ok) return false;
  }
  return true;
}

function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

const DURATION = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** An ISO instant or date (`2026-04-02`, `2021`), or a duration from the pin's as-of (`-P2W1D`). */
export function instant(value: string, asOf: number): number {
  const m = DURATION.exec(value);
  if (m && /\d/.test(value)) {
    const sign = m[1] ? -1 : 1;
    const n = (i: number) => Number(m[i] ?? 0);
    const d = new Date(asOf);
    d.setUTCFullYear(d.getUTCFullYear() + sign * n(2));
    d.setUTCMonth(d.getUTCMonth() + sign * n(3));
    return d.getTime() + sign * (n(4) * 7 * DAY + n(5) * DAY + n(6) * HOUR + n(7) * MINUTE + Math.round(n(8) * 1000));
  }
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw inputError(`${value} is neither an ISO 8601 date nor a duration.`);
  return ms;
}
