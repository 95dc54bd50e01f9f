import { sortItems } from "../../core/lists/sort.js";
import type { JsonValue } from "../../core/provider.js";
import { objectDef } from "./schema.js";
import type { OrgData, SfRecord } from "./records.js";
import type { Soql } from "./soql.js";

/** The records a query selects, in order, before LIMIT/OFFSET paging, shaped as the REST API returns them. */
export interface QueryResult {
  totalSize: number;
  records: SfRecord[];
}

const attributes = (type: string, id: JsonValue, base: string) => ({ type, url: `${base}/sobjects/${type}/${String(id)}` });

/**
 * Runs a parsed query over the org: joins the parents the condition and the fields name, filters, sorts
 * (Id order when no ORDER BY names one, as the org's default), applies OFFSET and LIMIT, and shapes each
 * record: `attributes` first, then the selected fields in the order the query names them.
 */
export function runSoql(q: Soql, data: OrgData, base: string): QueryResult {
  return run(q, { data, base, byId: index(data) }, data[q.object.name] ?? []);
}

/** The org as one query reads it: its records, their URL base, and every record by id (built once per query). */
interface Org {
  data: OrgData;
  base: string;
  byId: Map<string, { type: string; record: SfRecord }>;
}

/** A query over `source`: the object's records, or a parent's children for a subquery. */
function run(q: Soql, org: Org, source: SfRecord[]): QueryResult {
  const joined = source.map((r) => join(q.object.name, r, org.byId));
  let items: JsonValue[] = q.test ? joined.filter((j) => q.test!(j)) : joined;
  if (q.order.length) items = sortItems(items, q.order);
  const total = items.length;
  const start = Math.min(q.offset, total);
  const end = q.limit === undefined ? total : Math.min(total, start + q.limit);
  if (q.count) return { totalSize: end - start, records: [] };
  return { totalSize: end - start, records: (items.slice(start, end) as SfRecord[]).map((r) => shape(q, r, org)) };
}

function index(data: OrgData): Map<string, { type: string; record: SfRecord }> {
  const out = new Map<string, { type: string; record: SfRecord }>();
  for (const [type, records] of Object.entries(data)) for (const r of records) out.set(String(r.Id), { type, record: r });
  return out;
}

/** The record with each parent it references under the relationship's name (`Account`), or null. */
function join(object: string, r: SfRecord, byId: Map<string, { type: string; record: SfRecord }>): SfRecord {
  const out: SfRecord = { ...r };
  for (const f of objectDef(object)!.fields) {
    if (!f.relationshipName) continue;
    const parent = r[f.name] === null ? undefined : byId.get(String(r[f.name]));
    out[f.relationshipName] = parent ? parent.record : null;
  }
  return out;
}

function shape(q: Soql, r: SfRecord, org: Org): SfRecord {
  const { base } = org;
  const out: SfRecord = { attributes: attributes(q.object.name, r.Id!, base) };
  for (const s of q.select) {
    if (s.kind === "field") out[s.field.name] = r[s.field.name] ?? null;
    else if (s.kind === "parent") {
      const parent = r[s.relationship] as SfRecord | null;
      if (!parent) out[s.relationship] = null;
      else {
        const prior = out[s.relationship] as SfRecord | undefined;
        out[s.relationship] = {
          ...(prior ?? { attributes: attributes(s.parent.name, parent.Id!, base) }),
          [s.field.name]: parent[s.field.name] ?? null,
        };
      }
    } else {
      const children = (org.data[s.query.object.name] ?? []).filter((c) => c[s.childField] === r.Id);
      const sub = run(s.query, org, children);
      out[s.relationship] = sub.totalSize ? { totalSize: sub.totalSize, done: true, records: sub.records } : null;
    }
  }
  return out;
}
