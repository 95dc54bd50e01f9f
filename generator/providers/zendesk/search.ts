import type { ComputeHandler, ComputeInput } from "../../core/provider.js";
import { parseTime } from "../../core/lists/values.js";
import type { ComputedRoute } from "../../core/define-provider.js";

type Item = Record<string, unknown> & { result_type: string };

const STATUS_ORDER = ["new", "open", "pending", "hold", "solved", "closed"];
const PRIORITY_ORDER = ["low", "normal", "high", "urgent"];
const SORT_FIELDS: Record<string, string> = {
  created_at: "created_at",
  updated_at: "updated_at",
  priority: "priority",
  status: "status",
  ticket_type: "type",
};

async function items(input: ComputeInput, key: string, envelope: string, type: string): Promise<Item[]> {
  const text = await input.read(key);
  if (!text) return [];
  const body = JSON.parse(text) as Record<string, unknown>;
  return ((body[envelope] as Array<Record<string, unknown>> | undefined) ?? []).map((i) => {
    const { generated_timestamp: _, ...rest } = i;
    return { ...rest, result_type: type };
  });
}

interface Term {
  key: string | undefined;
  op: ":" | ">" | "<" | ">=" | "<=";
  value: string;
  negate: boolean;
}

function tokenize(query: string): Term[] {
  const out: Term[] = [];
  const re = /(-)?(?:([a-z_]+)(:|>=|<=|>|<))?("([^"]*)"|\S+)/gi;
  for (let m = re.exec(query); m; m = re.exec(query)) {
    const value = m[5] ?? m[4]!;
    out.push({ key: m[2]?.toLowerCase(), op: (m[3] ?? ":") as Term["op"], value, negate: m[1] === "-" });
  }
  return out;
}

function instant(value: string, asOf: number): number | undefined {
  const rel = /^(\d+)(minutes?|hours?|days?|weeks?|months?|years?)$/i.exec(value);
  if (rel) {
    const n = Number(rel[1]);
    const unit = rel[2]!.toLowerCase().replace(/s$/, "");
    const ms = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000, year: 365 * 86_400_000 }[
      unit
    ]!;
    return asOf - n * ms;
  }
  return parseTime(value);
}

function compare(a: number, op: Term["op"], b: number, dayOnly: boolean): boolean {
  if (op === ":") return dayOnly ? a >= b && a < b + 86_400_000 : a === b;
  return op === ">" ? (dayOnly ? a >= b + 86_400_000 : a > b) : op === "<" ? a < b : op === ">=" ? a >= b : a <= b;
}

function matches(item: Item, t: Term, ctx: { asOf: number; users: Item[]; orgs: Item[]; me: number }): boolean {
  const s = (k: string) => String(item[k] ?? "").toLowerCase();
  const v = t.value.toLowerCase();
  const person = (field: string) => {
    if (v === "me") return item[field] === ctx.me;
    if (/^\d+$/.test(v)) return String(item[field]) === v;
    if (v === "none") return item[field] === null;
    const u = ctx.users.find((x) => String(x.email).toLowerCase() === v || String(x.name).toLowerCase() === v);
    return u !== undefined && item[field] === u.id;
  };
  switch (t.key) {
    case undefined: {
      const text = ["subject", "description", "name", "email", "details"].map(s).join(" ");
      return text.includes(v);
    }
    case "type":
      return item.result_type === v;
    case "status": {
      if (item.result_type !== "ticket") return false;
      const a = STATUS_ORDER.indexOf(s("status")),
        b = STATUS_ORDER.indexOf(v);
      return b !== -1 && compare(a, t.op, b, false);
    }
    case "priority": {
      const a = PRIORITY_ORDER.indexOf(s("priority")),
        b = PRIORITY_ORDER.indexOf(v);
      return b !== -1 && a !== -1 && compare(a, t.op, b, false);
    }
    case "ticket_type":
      return item.result_type === "ticket" && s("type") === v;
    case "tags":
    case "tag":
      return Array.isArray(item.tags) && (item.tags as string[]).includes(v);
    case "group":
      return String(item.group_id) === v;
    case "assignee":
      return person("assignee_id");
    case "requester":
      return person("requester_id");
    case "submitter":
      return person("submitter_id");
    case "organization": {
      if (/^\d+$/.test(v)) return String(item.organization_id) === v;
      const org = ctx.orgs.find((o) => String(o.name).toLowerCase() === v);
      return org !== undefined && item.organization_id === org.id;
    }
    case "role":
      return s("role") === v;
    case "email":
      return s("email") === v;
    case "name":
      return s("name").includes(v);
    case "created":
    case "updated":
    case "solved": {
      const field = { created: "created_at", updated: "updated_at", solved: "solved_at" }[t.key]!;
      const at = item[field] ?? (t.key === "solved" ? undefined : null);
      const b = instant(t.value, ctx.asOf);
      if (typeof at !== "string" || b === undefined) return false;
      return compare(parseTime(at)!, t.op, b, /^\d{4}-\d{2}-\d{2}$/.test(t.value));
    }
    default:
      return s(t.key).includes(v);
  }
}

function page(origin: string, path: string, query: Array<[string, string]>, n: number, size: number): string {
  const params = new URLSearchParams(query.filter(([k]) => k !== "page" && k !== "per_page"));
  params.set("page", String(n));
  if (size !== 100) params.set("per_page", String(size));
  return `${origin}/${path}?${params.toString()}`;
}

/** Every result of a search, in the requested order (at most 1000), or the 400 of a request without a query. */
async function results(input: ComputeInput): Promise<Item[] | { status: number; body: unknown }> {
  const q = (k: string) => input.query.find(([name]) => name === k)?.[1];
  const query = q("query");
  if (query === undefined || query.trim() === "")
    return { status: 400, body: { error: "InvalidValue", description: "query parameter is required" } };
  const asOf = Date.parse(input.serving.asOf ?? "1970-01-01T00:00:00Z");
  const [tickets, users, orgs] = await Promise.all([
    items(input, "api/v2/incremental/tickets/cursor.json", "tickets", "ticket"),
    items(input, "api/v2/incremental/users/cursor.json", "users", "user"),
    items(input, "api/v2/incremental/organizations.json", "organizations", "organization"),
  ]);
  const meText = await input.read("api/v2/users/me.json");
  const me = meText ? (JSON.parse(meText) as { user: { id: number } }).user.id : 0;
  const ctx = { asOf, users, orgs, me };
  const terms = tokenize(query);
  const found = [...tickets, ...users, ...orgs].filter((item) => terms.every((t) => matches(item, t, ctx) !== t.negate));
  const sortBy = q("sort_by");
  const field = sortBy ? SORT_FIELDS[sortBy] : undefined;
  const desc = (q("sort_order") ?? "desc") !== "asc";
  const rank = (item: Item, f: string) =>
    f === "priority"
      ? PRIORITY_ORDER.indexOf(String(item.priority))
      : f === "status"
        ? STATUS_ORDER.indexOf(String(item.status))
        : String(item[f] ?? "");
  const key = field ?? "updated_at";
  return found
    .sort((a, b) => {
      const x = rank(a, key),
        y = rank(b, key);
      const c = x < y ? -1 : x > y ? 1 : (a.id as number) - (b.id as number);
      return desc ? -c : c;
    })
    .slice(0, 1000);
}

const json = (status: number, body: unknown) => ({
  status,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: JSON.stringify(body),
});

export const searchHandler: ComputeHandler = async (input) => {
  const found = await results(input);
  if (!Array.isArray(found)) return json(found.status, found.body);
  const q = (k: string) => input.query.find(([name]) => name === k)?.[1];
  const perText = q("per_page");
  const size = perText && /^\d+$/.test(perText) ? Math.min(100, Math.max(1, Number(perText))) : 100;
  const pageText = q("page");
  const n = pageText && /^\d+$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  const last = Math.max(1, Math.ceil(found.length / size));
  const origin = input.serving.lists?.[0]?.paging?.origin ?? "";
  return json(200, {
    results: found.slice((n - 1) * size, n * size),
    facets: null,
    next_page: n < last ? page(origin, input.path, input.query, n + 1, size) : null,
    previous_page: n > 1 ? page(origin, input.path, input.query, Math.min(n - 1, last), size) : null,
    count: found.length,
  });
};

/** `search/count.json?query=`: `{count}`. */
export const searchCountHandler: ComputeHandler = async (input) => {
  const found = await results(input);
  return Array.isArray(found) ? json(200, { count: found.length }) : json(found.status, found.body);
};

/**
 * `GET /api/v2/search.json?query=…` (developer.zendesk.com/api-reference/ticketing/ticket-management/search/),
 * computed over the frozen exports of the same host (tickets, users, organizations), so a search never
 * finds what the lists do not hold. Zendesk's query syntax is not core's expression grammar (`key:value`
 * terms joined by spaces, `>`/`<` on dates), so it is read here:
 *
 * - `type:ticket|user|organization`; `status:open` and `status<solved` (new < open < pending < hold <
 *   solved < closed); `priority:`, `ticket_type:`, `tags:`, `group:` (an id), `assignee:`, `requester:`,
 *   `submitter:` (an id, an email or `me`), `organization:` (an id or a quoted name), `role:`, `email:`,
 *   `name:`; `created`, `updated`, `solved` with `:`, `>`, `<`, `>=`, `<=` and a date, a time or a
 *   relative age (`4hours`, `2days`, `1weeks`, `3months`); other words match subject, description, name
 *   or email.
 * - `sort_by` (`created_at`, `updated_at`, `priority`, `status`, `ticket_type`) and `sort_order`
 *   (`asc`, `desc`, the default); offset pages `page`/`per_page` (100, at most 100) with `next_page`,
 *   `previous_page` and `count`; at most 1000 results, as Zendesk returns.
 */
export const searchRoutes: ComputedRoute[] = [
  { method: "GET", path: "^api/v2/search\\.json$", handler: "search", run: searchHandler },
  { method: "GET", path: "^api/v2/search/count\\.json$", handler: "search-count", run: searchCountHandler },
];
