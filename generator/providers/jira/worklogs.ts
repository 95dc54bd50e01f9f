import { jsonReply, objectBody } from "../../core/compute.js";
import type { ComputeHandler, ComputeInput, JsonValue, Resource } from "../../core/provider.js";
import { canonicalQuery, resourceKey } from "../../core/query.js";
import { worklogsOf } from "./activity.js";
import type { JiraContext } from "./context.js";
import { badPayload } from "./errors.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The site-wide worklog feeds, computed over an index of every worklog (a `since` can be any instant):
 * - `GET worklog/updated?since=<ms>`: the ids of worklogs updated after `since`, oldest update first,
 *   1000 a page, as `{values: [{worklogId, updatedTime, properties}], since, until, self, nextPage?,
 *   lastPage}`; the next page is `since=<until>`, and `nextPage` is left out on the last one;
 * - `POST worklog/list` `{ids: [...]}`: those worklogs (at most 1000), as the worklog list
 *   writes them; unknown ids are left out, as Jira leaves out what the caller may not see.
 * Under `/rest/api/2` the same, with v2 worklog bodies.
 */

export const WORKLOG_INDEX = "_snapverse/jira/worklog-index";
export const WORKLOG_PAGE = 1000;

interface Indexed {
  id: number;
  key: string;
  updated: number;
}

export function worklogIndex(jc: JiraContext): Indexed[] {
  return jc.world.workItems
    .flatMap((i) => worklogsOf(jc, i).map((w) => ({ id: Number(w.id), key: i.key, updated: w.at })))
    .sort((a, b) => a.updated - b.updated || a.id - b.id);
}

export function* worklogResources(jc: JiraContext): Generator<Resource> {
  yield { path: WORKLOG_INDEX, body: worklogIndex(jc) as unknown as JsonValue };
}

const JSON_TYPE = "application/json;charset=UTF-8";
const reply = (status: number, body: JsonValue) => jsonReply(status, body, { contentType: JSON_TYPE });

async function index(input: ComputeInput): Promise<Indexed[] | undefined> {
  const text = await input.read(WORKLOG_INDEX);
  return text === undefined ? undefined : (JSON.parse(text) as Indexed[]);
}

function version(path: string): "2" | "3" {
  return path.startsWith("rest/api/2/") ? "2" : "3";
}

const updated: ComputeHandler = async (input) => {
  const all = await index(input);
  if (!all) return reply(404, input.serving.errors.notFound.body);
  const raw = input.query.find(([k]) => k === "since")?.[1];
  const since = raw === undefined || raw === "" ? 0 : Number(raw);
  if (!Number.isInteger(since))
    return reply(400, { errorMessages: [`'${raw}' is not a valid value for the since parameter.`], errors: {} });
  const after = all.filter((w) => w.updated > since);
  const page = after.slice(0, WORKLOG_PAGE);
  const lastPage = after.length <= WORKLOG_PAGE;
  const until = page.at(-1)?.updated ?? since;
  const base = `${input.serving.pagination?.origin ?? ""}/rest/api/${version(input.path)}/worklog/updated`;
  return reply(200, {
    values: page.map((w) => ({ worklogId: w.id, updatedTime: w.updated, properties: [] })),
    since,
    until,
    self: `${base}?since=${since}`,
    ...(lastPage ? {} : { nextPage: `${base}?since=${until}` }),
    lastPage,
  });
};

const list: ComputeHandler = async (input) => {
  const body = objectBody(input, undefined);
  if (!body || !Array.isArray(body.ids)) return reply(400, badPayload);
  const ids = body.ids.map(Number);
  if (ids.length > WORKLOG_PAGE)
    return reply(400, { errorMessages: [`The number of worklog ids must not exceed ${WORKLOG_PAGE}.`], errors: {} });
  const all = await index(input);
  if (!all) return reply(404, input.serving.errors.notFound.body);
  const byId = new Map(all.map((w) => [w.id, w]));
  const wanted = [...new Set(ids)]
    .map((id) => byId.get(id))
    .filter((w): w is Indexed => w !== undefined)
    .sort((a, b) => a.id - b.id);
  const out: JsonValue[] = [];
  for (const w of wanted) {
    const path = `rest/api/${version(input.path)}/issue/${w.key}/worklog/${w.id}`;
    const text = await input.read(resourceKey(path, canonicalQuery([], input.serving.query, path)));
    if (text !== undefined) out.push(JSON.parse(text) as JsonValue);
  }
  return reply(200, out);
};

export const worklogRoutes: ComputedRoute[] = [
  { method: "GET", path: "^rest/api/[23]/worklog/updated$", handler: "worklogUpdated", run: updated },
  { method: "POST", path: "^rest/api/[23]/worklog/list$", handler: "worklogList", run: list },
];
