import { jsonReply, objectBody } from "../../core/compute.js";
import type { JsonObject, ComputeHandler, ComputeInput, JsonValue, Resource } from "../../core/provider.js";
import { canonicalQuery, resourceKey } from "../../core/query.js";
import { categoryChangedAt, resolvedAt } from "./activity.js";
import { hash, type JiraContext } from "./context.js";
import { badPayload, badToken, jqlError, searchRemoved } from "./errors.js";
import { updatedAt } from "./issues.js";
import { JqlError, runJql, type IndexedIssue, type JqlIndex } from "./jql.js";
import { FIELDS, NAVIGABLE, resolutionOf } from "./schemes.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * Issue search, computed over the pin's frozen issues (a static file cannot answer a query language):
 * - `GET` and `POST /rest/api/3/search/jql` (`jql`, `nextPageToken`, `maxResults`, `fields`, `expand`,
 *   from the query or the JSON body: the same request either way gives the same bytes). The JQL is
 *   evaluated (jql.ts) over an index written at build time; the page's issues are read from the pin's own
 *   `issue/{key}` files and cut down to the requested fields. Paging is by an opaque `nextPageToken`
 *   (absent on the last page) and `isLast`, with no total. `maxResults` defaults to 50, at most 5000
 *   when only ids are asked for and 100 otherwise; `fields` defaults to `id`.
 * - `POST /rest/api/3/search/approximate-count`: `{count}`.
 * - `/rest/api/3/search`, removed from Jira Cloud (CHANGE-2046): 410 with Jira's message.
 */

/** Where the index lives: under the meta folder, which no request can reach (only handlers read it). */
export const INDEX_KEY = "_snapverse/jira/jql-index";

export function jqlIndex(jc: JiraContext): JqlIndex {
  const sprintOf = new Map(jc.world.workItems.map((i) => [i.key, i.sprintId]));
  return {
    asOf: jc.world.asOf,
    offsetMinutes: jc.viewer.utcOffsetMinutes,
    viewer: jc.accountId(jc.viewer),
    projects: jc.world.teams.map((t) => ({ id: jc.projectId(t), key: t.key, name: t.name })),
    sprints: jc.world.teams.flatMap((t) =>
      jc.world.sprints.map((s) => ({ id: jc.sprintId(t, s), name: jc.sprintName(t, s), state: s.state, boardId: jc.boardId(t) })),
    ),
    accounts: jc.world.people.map((p) => ({ accountId: jc.accountId(p), email: p.email, name: p.name })),
    issues: jc.world.workItems.map((i, n): IndexedIssue => {
      const team = jc.teamOf(i);
      const s = jc.sprint(sprintOf.get(i.key));
      return {
        id: jc.issueId(i),
        key: i.key,
        project: team.key,
        type: i.type,
        status: i.status,
        priority: i.priority,
        assignee: jc.accountId(jc.person(i.assigneeId)),
        reporter: jc.accountId(jc.person(i.reporterId)),
        created: i.createdAt,
        updated: updatedAt(jc, i),
        resolved: resolvedAt(i) ?? null,
        resolution: resolutionOf(i) ?? null,
        categoryChanged: categoryChangedAt(i),
        sprints: s ? [jc.sprintId(team, s)] : [],
        labels: [...i.labels].sort(),
        points: i.estimate,
        summary: i.title,
        rank: n,
      };
    }),
  };
}

export function* searchResources(jc: JiraContext): Generator<Resource> {
  yield { path: INDEX_KEY, body: jqlIndex(jc) as unknown as JsonValue };
}

// --- request time ---------------------------------------------------------------------------------------

const JSON_TYPE = "application/json;charset=UTF-8";
export const DEFAULT_RESULTS = 50;
export const MAX_RESULTS = 100;
export const MAX_ID_RESULTS = 5000;

const reply = (status: number, body: JsonValue) => jsonReply(status, body, { contentType: JSON_TYPE });

interface SearchParams {
  jql: string;
  nextPageToken?: string;
  maxResults?: string;
  fields: string[];
  expand: string[];
}

/** The parameters from the query string (GET) or the JSON body (POST); undefined for a body that is not JSON. */
function params(input: ComputeInput): SearchParams | undefined {
  if (input.method === "POST") {
    const body = objectBody(input);
    if (!body) return undefined;
    const list = (v: unknown) => (v === undefined || v === null ? [] : Array.isArray(v) ? v.map(String) : String(v).split(","));
    return {
      jql: typeof body.jql === "string" ? body.jql : "",
      ...(body.nextPageToken != null ? { nextPageToken: String(body.nextPageToken) } : {}),
      ...(body.maxResults != null ? { maxResults: String(body.maxResults) } : {}),
      fields: list(body.fields),
      expand: list(body.expand),
    };
  }
  const all = (name: string) => input.query.filter(([k]) => k === name).flatMap(([, v]) => v.split(","));
  const one = (name: string) => input.query.find(([k]) => k === name)?.[1];
  const token = one("nextPageToken");
  const max = one("maxResults");
  return {
    jql: one("jql") ?? "",
    ...(token !== undefined ? { nextPageToken: token } : {}),
    ...(max !== undefined ? { maxResults: max } : {}),
    fields: all("fields"),
    expand: all("expand"),
  };
}

async function loadIndex(input: ComputeInput): Promise<JqlIndex | undefined> {
  const text = await input.read(INDEX_KEY);
  return text === undefined ? undefined : (JSON.parse(text) as JqlIndex);
}

/** The fields a request selects, in no particular order (the issue's own order is kept), and whether it wants the key. */
export function selectFields(requested: string[]): { fields: Set<string>; key: boolean } {
  const tokens = requested.map((f) => f.trim()).filter(Boolean);
  const fields = new Set<string>();
  let key = false;
  for (const t of tokens.length ? tokens : ["id"]) {
    if (t === "*all") FIELDS.forEach((f) => fields.add(f.id));
    else if (t === "*navigable") NAVIGABLE.forEach((f) => fields.add(f));
    else if (t === "key" || t === "issuekey") key = true;
    else if (t !== "id" && !t.startsWith("-") && FIELDS.some((f) => f.id === t)) fields.add(t);
  }
  // Exclusions apply last; a list of exclusions alone means all navigable fields but those.
  const minus = tokens.filter((t) => t.startsWith("-")).map((t) => t.slice(1));
  if (minus.length && tokens.every((t) => t.startsWith("-"))) NAVIGABLE.forEach((f) => fields.add(f));
  for (const m of minus) fields.delete(m);
  return { fields, key };
}

/** The token names the query it belongs to and where the next page starts. */
function token(jql: string, offset: number): string {
  return Buffer.from(`snapverse/jira\u0000${hash(normalize(jql)).slice(0, 16)}\u0000${offset}`).toString("base64url");
}

function offsetOf(jql: string, value: string): number | undefined {
  const parts = Buffer.from(value, "base64url").toString("utf8").split("\u0000");
  if (parts.length !== 3 || parts[0] !== "snapverse/jira" || parts[1] !== hash(normalize(jql)).slice(0, 16)) return undefined;
  const n = Number(parts[2]);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

function normalize(jql: string): string {
  return jql.trim().replace(/\s+/g, " ");
}

async function readIssue(input: ComputeInput, key: string, expanded: boolean): Promise<JsonObject | undefined> {
  // The v2 search reads the v2 issue bodies (wiki markup, `/rest/api/2/` links).
  const path = `rest/api/${input.path.startsWith("rest/api/2/") ? "2" : "3"}/issue/${key}`;
  const text = await input.read(resourceKey(path, canonicalQuery(expanded ? [["expand", "changelog"]] : [], input.serving.query, path)));
  return text === undefined ? undefined : (JSON.parse(text) as JsonObject);
}

const search: ComputeHandler = async (input) => {
  const p = params(input);
  if (!p) return reply(400, badPayload);
  const index = await loadIndex(input);
  if (!index) return reply(404, input.serving.errors.notFound.body);
  let rows: IndexedIssue[];
  try {
    rows = runJql(index, p.jql);
  } catch (error) {
    if (error instanceof JqlError) return reply(400, jqlError(error.message));
    throw error;
  }
  const { fields, key } = selectFields(p.fields);
  const expand = new Set(p.expand.map((e) => e.trim()).filter(Boolean));
  const idsOnly = fields.size === 0 && !key && !expand.has("changelog");
  const requested = Number.parseInt(p.maxResults ?? String(DEFAULT_RESULTS), 10);
  const size = Math.max(1, Math.min(idsOnly ? MAX_ID_RESULTS : MAX_RESULTS, Number.isNaN(requested) ? DEFAULT_RESULTS : requested));
  let offset = 0;
  if (p.nextPageToken !== undefined && p.nextPageToken !== "") {
    const at = offsetOf(p.jql, p.nextPageToken);
    if (at === undefined) return reply(400, badToken);
    offset = at;
  }
  const page = rows.slice(offset, offset + size);
  const issues: JsonValue[] = [];
  for (const row of page) {
    if (idsOnly) {
      issues.push({ id: row.id });
      continue;
    }
    const issue = await readIssue(input, row.key, expand.has("changelog"));
    if (!issue) continue;
    const all = issue.fields as JsonObject;
    const picked: JsonObject = {};
    for (const [name, value] of Object.entries(all)) if (fields.has(name)) picked[name] = value;
    issues.push({
      expand: issue.expand!,
      id: issue.id!,
      self: issue.self!,
      key: issue.key!,
      fields: picked,
      ...(expand.has("changelog") ? { changelog: issue.changelog! } : {}),
    });
  }
  const shown = FIELDS.filter((f) => fields.has(f.id));
  const next = offset + size < rows.length ? token(p.jql, offset + size) : undefined;
  return reply(200, {
    issues,
    ...(expand.has("names") ? { names: Object.fromEntries(shown.map((f) => [f.id, f.name])) } : {}),
    ...(expand.has("schema") ? { schema: Object.fromEntries(shown.map((f) => [f.id, f.schema ?? {}])) } : {}),
    ...(next ? { nextPageToken: next } : {}),
    isLast: next === undefined,
  });
};

const count: ComputeHandler = async (input) => {
  const p = params({ ...input, method: "POST" });
  if (!p) return reply(400, badPayload);
  const index = await loadIndex(input);
  if (!index) return reply(404, input.serving.errors.notFound.body);
  try {
    return reply(200, { count: runJql(index, p.jql).length });
  } catch (error) {
    if (error instanceof JqlError) return reply(400, jqlError(error.message));
    throw error;
  }
};

const removed: ComputeHandler = async () => reply(410, searchRemoved);

/** The same in both versions: Jira Cloud removed `/search` from v2 and v3 alike (CHANGE-2046). */
export const searchRoutes: ComputedRoute[] = [
  { method: "GET", path: "^rest/api/[23]/search/jql$", handler: "search", run: search },
  { method: "POST", path: "^rest/api/[23]/search/jql$", handler: "search", run: search },
  { method: "POST", path: "^rest/api/[23]/search/approximate-count$", handler: "count", run: count },
  { method: "GET", path: "^rest/api/[23]/search$", handler: "removed", run: removed },
  { method: "POST", path: "^rest/api/[23]/search$", handler: "removed", run: removed },
];
