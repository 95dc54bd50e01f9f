import { errorReply, jsonReply, readResource } from "../../core/compute.js";
import type { JsonObject, ComputeHandler, ComputeInput, JsonValue } from "../../core/provider.js";
import { badRequest, itemNotFound, unknownField, versionNotFound, wiqlError, wiqlNotServed, workItemNotFound } from "./errors.js";
import { evaluate, WiqlProblem, type WiqlScope } from "./wiql-eval.js";
import { column, FIELDS, parseWiql, queryId } from "./wiql.js";
import type { ComputedRoute } from "../../core/define-provider.js";
import { buildLogs } from "./build-logs.js";
import { identityImage } from "./identity-image.js";

/**
 * What a static file cannot answer, computed from the pin's own files (read by key), so the same
 * request always gets the same bytes and nothing is stored:
 * - `items`: the items API in its query form (`items?path=…`), whose answer depends on the Accept
 *   header (getItem / getItemContent / getItemText send the same URL), the version and the recursion;
 * - `work-items-batch`: `GET wit/workItems?ids=…` and `POST wit/workitemsbatch`, assembled from each item;
 * - `wiql`: `POST wit/wiql`, the pre-rendered result of the normalized statement, else evaluated
 *   over the frozen work items (wiql-eval.ts);
 * - `build-logs`: a build's logs and each log's text, from its timeline (build-logs.ts);
 * - `identity-image`: `_api/_common/identityImage?id=`, an identity's avatar (identity-image.ts).
 * URLs in the answers come from the files read, which already carry the public origin.
 */

const JSON_TYPE = "application/json; charset=utf-8; api-version=7.1";

const reply = (status: number, body: JsonValue, headers: Record<string, string> = {}) =>
  jsonReply(status, body, { contentType: JSON_TYPE, headers });
const readJson = (input: ComputeInput, path: string, query: Array<[string, string]> = []) => readResource<JsonObject>(input, path, query);

/** Query parameters by lower-case name (Azure DevOps reads them case-insensitively); the last one wins. */
function params(input: ComputeInput): Map<string, string> {
  return new Map(input.query.map(([k, v]) => [k.toLowerCase(), v]));
}

function notFound(input: ComputeInput) {
  return errorReply(input.serving.errors.notFound, JSON_TYPE);
}

// --- items ------------------------------------------------------------------------------------------

const RECURSION: Record<string, "none" | "oneLevel" | "full"> = {
  none: "none",
  "0": "none",
  onelevel: "oneLevel",
  "1": "oneLevel",
  onelevelplusnestedemptyfolders: "oneLevel",
  "4": "oneLevel",
  full: "full",
  "120": "full",
};

interface Entry {
  objectId: string;
  relativePath: string;
  gitObjectType: string;
  size?: number;
}

const items: ComputeHandler = async (input) => {
  const m = /^([^/]+)\/_apis\/git\/repositories\/([^/]+)\/items$/.exec(input.path);
  if (!m) return notFound(input);
  const repoBase = `${m[1]}/_apis/git/repositories/${m[2]}`;
  const repo = await readJson(input, repoBase);
  if (!repo) return notFound(input);
  const q = params(input);
  const raw = q.get("path") ?? q.get("scopepath") ?? "/";
  const path = `/${raw.split("/").filter(Boolean).join("/")}`;
  const type = (q.get("versiondescriptor.versiontype") ?? q.get("versiontype") ?? "branch").toLowerCase();
  const defaultBranch = String(repo.defaultBranch).replace(/^refs\/heads\//, "");
  const version = q.get("versiondescriptor.version") ?? q.get("version") ?? defaultBranch;
  const isCommit = type === "commit" || type === "2";
  if (!isCommit && type !== "branch" && type !== "0")
    return reply(400, badRequest(`Version type '${type}' is not served: use a branch or a commit.`));
  const label = isCommit ? `<Commit: ${version} >` : `<Branch: ${version} >`;
  let commitId: string;
  let treeId: string;
  if (isCommit) {
    const commit = await readJson(input, `${repoBase}/commits/${version}`);
    if (!commit) return reply(404, versionNotFound(label));
    commitId = String(commit.commitId);
    treeId = String(commit.treeId);
  } else {
    const stats = await readJson(input, `${repoBase}/stats/branches`, [["name", version.replace(/^refs\/heads\//, "")]]);
    if (!stats) return reply(404, versionNotFound(label));
    const commit = stats.commit as JsonObject;
    commitId = String(commit.commitId);
    treeId = String(commit.treeId);
  }
  const root = await readJson(input, `${repoBase}/trees/${treeId}`);
  // Generation 1 serves no files: no tree, so every item is missing.
  if (!root) return notFound(input);
  const target = await find(input, repoBase, treeId, path);
  if (!target) return reply(404, itemNotFound(path, String(repo.name), label, commitId));

  const recursion = RECURSION[(q.get("recursionlevel") ?? "none").toLowerCase()] ?? "none";
  const format = q.get("$format")?.toLowerCase();
  const accept = (input.headers.accept ?? "").toLowerCase();
  if (format === "zip" || (!format && accept.includes("application/zip")))
    return reply(400, badRequest("Zip archives of items are not served by this snapshot."));
  const repoUrl = String(repo.url);
  const versionQuery = isCommit
    ? `versionType=Commit&version=${version}&versionOptions=None`
    : `versionType=Branch&version=${encodeURIComponent(version)}&versionOptions=None`;
  const blobText = (e: Entry) => contentOf(input, repoBase, e.relativePath, e.objectId, commitId);

  if (target.gitObjectType === "blob" && recursion === "none") {
    const wantsJson = format === "json" || (format === undefined && accept.includes("application/json"));
    if (!wantsJson) {
      const text = await blobText(target);
      const asText = format === "text" || (format === undefined && accept.includes("text/plain"));
      const name = path.slice(path.lastIndexOf("/") + 1);
      const download = (q.get("download") ?? "").toLowerCase() === "true";
      return {
        status: 200,
        headers: {
          "content-type": asText ? "text/plain; charset=utf-8" : "application/octet-stream",
          ...(download ? { "content-disposition": `attachment; filename=${name}` } : {}),
        },
        body: text,
      };
    }
  }
  const item = async (e: Entry, withContent: boolean): Promise<JsonValue> => {
    const p = e.relativePath === "" ? "/" : `/${e.relativePath}`;
    const folder = e.gitObjectType === "tree";
    const url = `${repoUrl}/items${p === "/" ? "" : p.split("/").map(encodeURIComponent).join("/")}?${versionQuery}`;
    const out: JsonObject = {
      objectId: e.objectId,
      gitObjectType: e.gitObjectType,
      commitId,
      path: p,
      ...(folder ? { isFolder: true } : {}),
    };
    if (!folder && (q.get("includecontentmetadata") ?? "").toLowerCase() === "true") {
      const name = p.slice(p.lastIndexOf("/") + 1);
      out.contentMetadata = {
        encoding: 65001,
        contentType: "text/plain",
        fileName: name,
        extension: name.includes(".") ? name.slice(name.lastIndexOf(".")) : "",
      };
    }
    if (!folder && withContent) out.content = await blobText(e);
    out.url = url;
    return out;
  };
  const includeContent = (q.get("includecontent") ?? "").toLowerCase() === "true";
  if (recursion === "none") return reply(200, await item(target, includeContent));
  const prefix = target.relativePath === "" ? "" : `${target.relativePath}/`;
  const below = target.gitObjectType === "tree" ? await listing(input, repoBase, target.objectId, prefix, recursion === "full") : [];
  const value: JsonValue[] = [];
  for (const e of [target, ...below]) value.push(await item(e, false));
  return reply(200, { count: value.length, value });
};

async function treeEntries(input: ComputeInput, repoBase: string, sha: string, prefix: string): Promise<Entry[]> {
  const tree = await readJson(input, `${repoBase}/trees/${sha}`);
  return ((tree?.treeEntries ?? []) as unknown as Entry[]).map((e) => ({
    objectId: e.objectId,
    relativePath: `${prefix}${e.relativePath}`,
    gitObjectType: e.gitObjectType,
  }));
}

/** The entry at a path, walking trees from the root one segment at a time. */
async function find(input: ComputeInput, repoBase: string, rootSha: string, path: string): Promise<Entry | undefined> {
  let at: Entry = { objectId: rootSha, relativePath: "", gitObjectType: "tree" };
  for (const name of path.split("/").filter(Boolean)) {
    if (at.gitObjectType !== "tree") return undefined;
    const prefix = at.relativePath === "" ? "" : `${at.relativePath}/`;
    const next = (await treeEntries(input, repoBase, at.objectId, prefix)).find((e) => e.relativePath === `${prefix}${name}`);
    if (!next) return undefined;
    at = next;
  }
  return at;
}

/** A folder's entries, one level or all of them depth first in git order (as `git ls-tree -r -t`). */
async function listing(input: ComputeInput, repoBase: string, sha: string, prefix: string, full: boolean): Promise<Entry[]> {
  const out: Entry[] = [];
  for (const e of await treeEntries(input, repoBase, sha, prefix)) {
    out.push(e);
    if (full && e.gitObjectType === "tree") out.push(...(await listing(input, repoBase, e.objectId, `${e.relativePath}/`, true)));
  }
  return out;
}

/**
 * A file's content at a commit, from the static route-form items: the file at that commit when the commit
 * changed it, at the default branch's head, or else at the commit that introduced this blob, found by
 * walking first parents from the version (each commit's changes say which blob it wrote at which path).
 */
async function contentOf(input: ComputeInput, repoBase: string, path: string, blob: string, commitId: string): Promise<string> {
  const file = `${repoBase}/items/${path}`;
  for (const query of [[["version", commitId]], []] as Array<Array<[string, string]>>) {
    const item = await readJson(input, file, query);
    if (item?.objectId === blob) return String(item.content);
  }
  let at: string | undefined = commitId;
  for (let steps = 0; at && steps < 1000; steps++) {
    const changes = await readJson(input, `${repoBase}/commits/${at}/changes`);
    const hit = ((changes?.changes ?? []) as JsonObject[]).find(
      (c) => (c.item as JsonObject).path === `/${path}` && (c.item as JsonObject).objectId === blob && c.changeType !== "delete",
    );
    if (hit) return String((await readJson(input, file, [["version", at]]))?.content ?? "");
    const commit = await readJson(input, `${repoBase}/commits/${at}`);
    at = (commit?.parents as string[] | undefined)?.[0];
  }
  return "";
}

// --- work items in batches --------------------------------------------------------------------------

const EXPAND: Record<string, boolean> = {
  none: false,
  "0": false,
  relations: true,
  "1": true,
  fields: false,
  "2": false,
  links: true,
  "3": true,
  all: true,
  "4": true,
};

async function batch(input: ComputeInput, ids: string[], fields: string[] | undefined, expand: string | undefined, omit: boolean) {
  const org = input.path.split("/")[0]!;
  if (ids.length === 0) return reply(400, badRequest("The ids parameter is required: a comma-separated list of work item ids."));
  if (ids.length > 200) return reply(400, badRequest(`The number of work items requested (${ids.length}) exceeds the limit of 200.`));
  const expanded = expand === undefined ? false : (EXPAND[expand.toLowerCase()] ?? false);
  const wanted = fields?.map((f) => f.trim().toLowerCase()).filter(Boolean);
  const value: JsonValue[] = [];
  for (const id of ids) {
    const path = `${org}/_apis/wit/workItems/${id.trim()}`;
    const item = /^\d+$/.test(id.trim()) ? await readJson(input, path, expanded ? [["$expand", "all"]] : []) : undefined;
    if (!item) {
      if (omit) {
        value.push(null);
        continue;
      }
      return reply(404, workItemNotFound(id.trim()));
    }
    if (wanted?.length && !expanded) {
      const all = item.fields as JsonObject;
      item.fields = Object.fromEntries(Object.entries(all).filter(([k]) => wanted.includes(k.toLowerCase())));
    }
    value.push(item);
  }
  return reply(200, { count: value.length, value });
}

const isOmit = (policy: unknown) => policy !== undefined && ["omit", "2"].includes(String(policy).toLowerCase());

const workItemsBatch: ComputeHandler = async (input) => {
  if (input.method === "GET") {
    const q = params(input);
    const ids = (q.get("ids") ?? "").split(",").filter((s) => s.trim() !== "");
    return batch(input, ids, q.get("fields")?.split(","), q.get("$expand"), isOmit(q.get("errorpolicy")));
  }
  let body: JsonObject;
  try {
    body = JSON.parse(input.body?.toString("utf8") || "{}") as JsonObject;
  } catch {
    return reply(400, badRequest("The request body is not valid JSON."));
  }
  const ids = Array.isArray(body.ids) ? body.ids.map(String) : [];
  const fields = Array.isArray(body.fields) ? body.fields.map(String) : undefined;
  const expand = body.$expand === undefined || body.$expand === null ? undefined : String(body.$expand);
  return batch(input, ids, fields, expand, isOmit(body.errorPolicy));
};

// --- WIQL -------------------------------------------------------------------------------------------

const wiql: ComputeHandler = async (input) => {
  let text = "";
  try {
    const body = JSON.parse(input.body?.toString("utf8") || "{}") as JsonObject;
    text = typeof body.query === "string" ? body.query : "";
  } catch {
    return reply(400, badRequest("The request body is not valid JSON."));
  }
  const parsed = parseWiql(text);
  const shape = "SELECT [fields] FROM WorkItems [WHERE …] [ORDER BY …]";
  if (!parsed) return reply(400, badRequest(`The query must be a WIQL statement: ${shape}.`));
  const known = new Map(Object.keys(FIELDS).map((f) => [f.toLowerCase(), f]));
  const select: string[] = [];
  for (const f of parsed.select) {
    const ref = known.get(f.toLowerCase());
    if (!ref) return reply(400, unknownField(f));
    select.push(ref);
  }
  // The scope: `{org}/{project}` or `{org}/{project}/{team}`; the organization scope reads the project.
  const parts = input.path.split("/_apis/")[0]!.split("/");
  const org = parts[0]!;
  const projects = await readJson(input, `${org}/_apis/projects`);
  const project = ((projects?.value ?? []) as JsonObject[])[0];
  if (!project) return notFound(input);
  const projectScope = `${org}/${String(project.id)}`;
  // A project named in the statement is the project in scope: `= 'Name'` reads as `= @project`.
  const name = String(project.name)
    .toLowerCase()
    .replace(/[\\'"]/g, "");
  const rest = parsed.rest.replaceAll(`[system.teamproject]='${name}'`, "[system.teamproject]=@project");
  const scopes = parts.length >= 3 ? [parts.join("/"), projectScope] : [projectScope];
  let result: JsonObject | undefined;
  for (const scope of scopes) {
    result = await readJson(input, `${scope}/_apis/wit/wiql/${queryId(scope, rest)}`);
    if (result) break;
  }
  if (!result) {
    // Not pre-rendered: evaluated over the frozen work items (wiql-eval.ts).
    const computed = await computeWiql(input, text, {
      org,
      projectScope,
      project: String(project.name),
      teamScope: parts.length >= 3 ? parts.join("/") : undefined,
    });
    if ("status" in computed) return computed;
    result = computed.result;
  }
  const orgUrl = String((result.columns as JsonObject[])[0]?.url ?? "").replace(/\/_apis\/wit\/fields\/.*$/, "");
  result.columns = select.map((f) => column(orgUrl, f));
  const top = Number(params(input).get("$top"));
  if (Number.isInteger(top) && top > 0) result.workItems = (result.workItems as JsonValue[]).slice(0, top);
  return reply(200, result);
};

/** The frozen work items of a pin (every one, by id), read once per pin: WIQL evaluates over them. */
const itemCache = new Map<string, JsonObject[]>();

async function frozenItems(input: ComputeInput, all: JsonObject): Promise<JsonObject[]> {
  const refs = (all.workItems ?? []) as JsonObject[];
  const id = `${String(all.asOf)}\u0000${String(refs[0]?.url ?? "")}\u0000${refs.length}`;
  const hit = itemCache.get(id);
  if (hit) return hit;
  const org = input.path.split("/")[0]!;
  const items: JsonObject[] = [];
  for (const ref of refs) {
    const item = await readJson(input, `${org}/_apis/wit/workItems/${String(ref.id)}`);
    if (item) items.push(item);
  }
  if (itemCache.size >= 8) itemCache.delete(itemCache.keys().next().value!);
  itemCache.set(id, items);
  return items;
}

interface WiqlPlace {
  org: string;
  projectScope: string;
  project: string;
  teamScope: string | undefined;
}

async function computeWiql(input: ComputeInput, text: string, at: WiqlPlace): Promise<{ result: JsonObject } | ReturnType<typeof reply>> {
  const all = await readJson(input, `${at.projectScope}/_apis/wit/wiql/${queryId(at.projectScope, "")}`);
  if (!all) return reply(400, wiqlNotServed());
  const me = ((await readJson(input, `${at.org}/_apis/connectionData`))?.authenticatedUser ?? {}) as JsonObject;
  const email = String(((me.properties as JsonObject | undefined)?.Account as JsonObject | undefined)?.$value ?? "");
  let currentIteration: string | undefined;
  if (at.teamScope) {
    const current = await readJson(input, `${at.teamScope}/_apis/work/teamsettings/iterations`, [["$timeframe", "current"]]);
    const first = ((current?.value ?? []) as JsonObject[])[0];
    if (first) currentIteration = String(first.path);
  }
  const tail = /^\s*select\s+[\s\S]+?\s+from\s+workitems\b([\s\S]*)$/i.exec(text.trim().replace(/;\s*$/, ""))?.[1] ?? "";
  const timePrecision = (params(input).get("timeprecision") ?? "").toLowerCase() === "true";
  const scope: WiqlScope = {
    project: at.project,
    me: [String(me.providerDisplayName ?? ""), email],
    asOf: String(all.asOf),
    timePrecision,
    ...(currentIteration ? { currentIteration } : {}),
  };
  let answer;
  try {
    answer = evaluate(tail, await frozenItems(input, all), scope, Object.keys(FIELDS));
  } catch (error) {
    if (!(error instanceof WiqlProblem)) throw error;
    const field = /^Field '(.+)' does not exist/.exec(error.message);
    return reply(400, field ? unknownField(field[1]!) : wiqlError(error.message));
  }
  const urls = new Map(((all.workItems ?? []) as JsonObject[]).map((w) => [Number(w.id), w.url!]));
  const orgUrl = String((all.columns as JsonObject[])[0]?.url ?? "").replace(/\/_apis\/wit\/fields\/.*$/, "");
  return {
    result: {
      // The pre-rendered result's columns carry the organization URL the selected columns are written with.
      queryType: "flat",
      queryResultType: "workItem",
      asOf: all.asOf!,
      columns: all.columns!,
      ...(answer.sort.length ? { sortColumns: answer.sort.map((o) => ({ field: column(orgUrl, o.ref), descending: o.descending })) } : {}),
      workItems: answer.ids.map((id) => ({ id, url: urls.get(id) ?? null })),
    },
  };
}

/** The computed routes, matched on the resource path after aliases. */
export function computedRoutes(): ComputedRoute[] {
  return [
    { method: "GET", path: "^[^/]+/_apis/git/repositories/[^/]+/items$", handler: "items", run: items },
    { method: "HEAD", path: "^[^/]+/_apis/git/repositories/[^/]+/items$", handler: "items", run: items },
    { method: "GET", path: "^[^/]+/_apis/wit/workItems$", handler: "work-items-batch", run: workItemsBatch },
    { method: "POST", path: "^[^/]+/_apis/wit/workitemsbatch$", handler: "work-items-batch", run: workItemsBatch },
    { method: "POST", path: "^[^/]+(/[^/]+){1,2}/_apis/wit/wiql$", handler: "wiql", run: wiql },
    { method: "POST", path: "^[^/]+/_apis/wit/wiql$", handler: "wiql", run: wiql },
    { method: "GET", path: "^[^/]+/[^/]+/_apis/build/builds/\\d+/logs(/\\d+)?$", handler: "build-logs", run: buildLogs },
    { method: "GET", path: "^[^/]+/_api/_common/[iI]dentity[iI]mage$", handler: "identity-image", run: identityImage },
  ];
}
