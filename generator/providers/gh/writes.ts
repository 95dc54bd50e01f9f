import { jsonReply, objectBody } from "../../core/compute.js";
import { createHash } from "node:crypto";
import type { ComputeHandler, ComputeInput } from "../../core/provider.js";
import { nodeId } from "./context.js";
import { reactions } from "./threads.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * Writes on a frozen pin: GitHub's reply, computed from the request and the pin's own resources, and
 * nothing stored. The same request gives the same bytes; a later GET still shows the frozen data.
 * Ids and numbers are derived from the request, times are the generation's as-of.
 */
type Obj = Record<string, unknown>;

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };
const DOCS = "https://docs.github.com/rest";

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  jsonReply(status, body, { contentType: JSON_HEADERS["content-type"], headers });

function error(status: number, message: string, doc: string) {
  return reply(status, { message, documentation_url: `${DOCS}/${doc}`, status: String(status) });
}

function parseBody(input: ComputeInput): Obj | undefined {
  return objectBody(input) as Obj | undefined;
}

/** A stable id in GitHub's range, from the request: same request, same id. */
function derivedId(input: ComputeInput): number {
  const digest = createHash("sha256")
    .update(`${input.method} ${input.path}\n`)
    .update(input.body ?? "")
    .digest();
  return 3_000_000_000 + (digest.readUInt32BE(0) % 1_000_000_000);
}

function asOf(input: ComputeInput): string {
  return (input.serving.asOf ?? "1970-01-01T00:00:00Z").replace(/\.\d{3}Z$/, "Z");
}

async function readJson(input: ComputeInput, key: string): Promise<Obj | Obj[] | undefined> {
  const text = await input.read(key);
  return text === undefined ? undefined : (JSON.parse(text) as Obj | Obj[]);
}

function labelObjects(names: unknown, repoUrl: string, known: Obj[]): Obj[] {
  if (!Array.isArray(names)) return [];
  return names.map((n) => {
    const name = typeof n === "string" ? n : String((n as Obj).name ?? "");
    return (
      known.find((l) => l.name === name) ?? {
        id: 0,
        node_id: "",
        url: `${repoUrl}/labels/${encodeURIComponent(name)}`,
        name,
        color: "ededed",
        default: false,
        description: null,
      }
    );
  });
}

/** POST /repos/{owner}/{repo}/issues */
const createIssue: ComputeHandler = async (input) => {
  const repoKey = input.path.replace(/\/issues$/, "");
  const repo = (await readJson(input, repoKey)) as Obj | undefined;
  if (!repo) return error(404, "Not Found", "issues/issues#create-an-issue");
  const body = parseBody(input);
  if (!body || typeof body.title !== "string" || body.title === "") {
    return error(422, 'Invalid request.\n\n"title" wasn\'t supplied.', "issues/issues#create-an-issue");
  }
  const viewer = (await readJson(input, "user")) as Obj;
  const list = ((await readJson(input, `${repoKey}/issues?per_page=100&state=all`)) ?? []) as Obj[];
  const number = Math.max(0, ...list.map((i) => Number(i.number))) + 1;
  const known = list.flatMap((i) => (i.labels as Obj[]) ?? []);
  const repoUrl = String(repo.url);
  const self = `${repoUrl}/issues/${number}`;
  const id = derivedId(input);
  const user = pickUser(viewer);
  const issue = {
    id,
    node_id: nodeId("I", id),
    url: self,
    repository_url: repoUrl,
    labels_url: `${self}/labels{/name}`,
    comments_url: `${self}/comments`,
    events_url: `${self}/events`,
    html_url: `${String(repo.html_url)}/issues/${number}`,
    number,
    state: "open",
    state_reason: null,
    title: body.title,
    body: typeof body.body === "string" ? body.body : null,
    user,
    labels: labelObjects(body.labels, repoUrl, known),
    assignee: null,
    assignees: [],
    milestone: null,
    locked: false,
    active_lock_reason: null,
    comments: 0,
    closed_at: null,
    created_at: asOf(input),
    updated_at: asOf(input),
    closed_by: null,
    author_association: "MEMBER",
    reactions: reactions(self),
    timeline_url: `${self}/timeline`,
    performed_via_github_app: null,
  };
  return reply(201, issue, { location: self });
};

/** POST /repos/{owner}/{repo}/issues/{number}/comments */
const createIssueComment: ComputeHandler = async (input) => {
  const issueKey = input.path.replace(/\/comments$/, "");
  const issue = (await readJson(input, issueKey)) as Obj | undefined;
  if (!issue) return error(404, "Not Found", "issues/comments#create-an-issue-comment");
  const body = parseBody(input);
  if (!body || typeof body.body !== "string" || body.body === "") {
    return error(422, 'Invalid request.\n\n"body" wasn\'t supplied.', "issues/comments#create-an-issue-comment");
  }
  const viewer = (await readJson(input, "user")) as Obj;
  const id = derivedId(input);
  const url = `${String(issue.repository_url)}/issues/comments/${id}`;
  const comment = {
    id,
    node_id: nodeId("IC", id),
    url,
    html_url: `${String(issue.html_url)}#issuecomment-${id}`,
    body: body.body,
    user: pickUser(viewer),
    created_at: asOf(input),
    updated_at: asOf(input),
    issue_url: String(issue.url),
    author_association: "MEMBER",
    performed_via_github_app: null,
    reactions: reactions(url),
  };
  return reply(201, comment, { location: url });
};

/** PATCH /repos/{owner}/{repo}/issues/{number}: the issue as it would read after the update. */
const updateIssue: ComputeHandler = async (input) => {
  const issue = (await readJson(input, input.path)) as Obj | undefined;
  if (!issue) return error(404, "Not Found", "issues/issues#update-an-issue");
  const body = parseBody(input);
  if (!body) return error(400, "Problems parsing JSON", "issues/issues#update-an-issue");
  if (body.state !== undefined && body.state !== "open" && body.state !== "closed") {
    return error(422, "Validation Failed", "issues/issues#update-an-issue");
  }
  const viewer = (await readJson(input, "user")) as Obj;
  const updated: Obj = { ...issue, updated_at: asOf(input) };
  if (typeof body.title === "string") updated.title = body.title;
  if (body.body !== undefined) updated.body = typeof body.body === "string" ? body.body : null;
  if (body.labels !== undefined) updated.labels = labelObjects(body.labels, String(issue.repository_url), (issue.labels as Obj[]) ?? []);
  if (body.state === "closed" && issue.state !== "closed") {
    Object.assign(updated, { state: "closed", state_reason: body.state_reason ?? "completed", closed_at: asOf(input) });
    if ("closed_by" in issue) updated.closed_by = pickUser(viewer);
  }
  if (body.state === "open" && issue.state !== "open") Object.assign(updated, { state: "open", state_reason: "reopened", closed_at: null });
  return reply(200, updated);
};

/** The simple-user part of the authenticated user's profile. */
function pickUser(profile: Obj): Obj {
  const keys = [
    "login",
    "id",
    "node_id",
    "avatar_url",
    "gravatar_id",
    "url",
    "html_url",
    "followers_url",
    "following_url",
    "gists_url",
    "starred_url",
    "subscriptions_url",
    "organizations_url",
    "repos_url",
    "events_url",
    "received_events_url",
    "type",
    "user_view_type",
    "site_admin",
  ];
  return Object.fromEntries(keys.filter((k) => k in profile).map((k) => [k, profile[k]]));
}

/** The writes answered by a computed reply; every other write gets the read-only error. */
/** `POST …/actions/runs/{id}/cancel`: 202 for a run still going, GitHub's 409 for a finished one. */
const cancelRun: ComputeHandler = async (input) => {
  const run = (await readJson(input, input.path.replace(/\/cancel$/, ""))) as Obj | undefined;
  const doc = "actions/workflow-runs#cancel-a-workflow-run";
  if (!run) return error(404, "Not Found", doc);
  if (run.status === "completed") return error(409, "Cannot cancel a workflow run that is completed.", doc);
  return reply(202, {});
};

/** `POST …/actions/runs/{id}/rerun`: 201 with an empty object, nothing stored. */
const rerunRun: ComputeHandler = async (input) => {
  const run = await readJson(input, input.path.replace(/\/rerun$/, ""));
  if (!run) return error(404, "Not Found", "actions/workflow-runs#re-run-a-workflow");
  return reply(201, {});
};

/**
 * `POST /repos/{o}/{r}/merges` (`base`, `head`, `commit_message`): 204 when head is base's head already,
 * else 201 with the merge commit it would make (its sha derived from the request, parents base and head).
 */
const mergeBranch: ComputeHandler = async (input) => {
  const doc = "branches/branches#merge-a-branch";
  const repoKey = input.path.replace(/\/merges$/, "");
  const repo = (await readJson(input, repoKey)) as Obj | undefined;
  if (!repo) return error(404, "Not Found", doc);
  const body = parseBody(input);
  const missing = ["base", "head"].filter((k) => typeof body?.[k] !== "string" || body[k] === "");
  if (missing.length)
    return error(
      422,
      `Invalid request.\n\n${missing.map((k) => `"${k}"`).join(", ")} ${missing.length > 1 ? "weren't" : "wasn't"} supplied.`,
      doc,
    );
  const tip = async (ref: string) => ((await readJson(input, `${repoKey}/commits/${ref}`)) as Obj | undefined) ?? undefined;
  const base = await tip(String(body!.base));
  if (!base) return error(404, "Base does not exist", doc);
  const head = await tip(String(body!.head));
  if (!head) return error(404, "Head does not exist", doc);
  if (base.sha === head.sha) return { status: 204, headers: {}, body: "" };
  const sha = createHash("sha1")
    .update(`${input.path}\n${input.body ?? ""}`)
    .digest("hex");
  const viewer = (await readJson(input, "user")) as Obj;
  const repoUrl = String(repo.url);
  const person = {
    name: String(viewer.name ?? viewer.login),
    email: `${String(viewer.login)}@users.noreply.github.com`,
    date: asOf(input),
  };
  const message =
    typeof body!.commit_message === "string" ? body!.commit_message : `Merge ${String(body!.head)} into ${String(body!.base)}`;
  const tree = ((head.commit as Obj).tree as Obj).sha;
  return reply(201, {
    sha,
    node_id: nodeId("C", sha),
    commit: {
      author: person,
      committer: person,
      message,
      tree: { sha: tree, url: `${repoUrl}/git/trees/${String(tree)}` },
      url: `${repoUrl}/git/commits/${sha}`,
      comment_count: 0,
      verification: { verified: false, reason: "unsigned", signature: null, payload: null, verified_at: null },
    },
    url: `${repoUrl}/commits/${sha}`,
    html_url: `${String(repo.html_url)}/commit/${sha}`,
    comments_url: `${repoUrl}/commits/${sha}/comments`,
    author: pickUser(viewer),
    committer: pickUser(viewer),
    parents: [base, head].map((c) => ({ sha: c.sha, url: c.url, html_url: c.html_url })),
  });
};

export const writeRoutes: ComputedRoute[] = [
  { method: "POST", path: "^repos/[^/]+/[^/]+/actions/runs/\\d+/cancel$", handler: "cancel-run", run: cancelRun },
  { method: "POST", path: "^repos/[^/]+/[^/]+/actions/runs/\\d+/rerun$", handler: "rerun-run", run: rerunRun },
  { method: "POST", path: "^repos/[^/]+/[^/]+/merges$", handler: "merge-branch", run: mergeBranch },
  { method: "POST", path: "^repos/[^/]+/[^/]+/issues$", handler: "create-issue", run: createIssue },
  { method: "POST", path: "^repos/[^/]+/[^/]+/issues/\\d+/comments$", handler: "create-issue-comment", run: createIssueComment },
  { method: "PATCH", path: "^repos/[^/]+/[^/]+/issues/\\d+$", handler: "update-issue", run: updateIssue },
];
