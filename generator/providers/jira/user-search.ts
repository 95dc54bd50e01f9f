import { jsonReply, readResource } from "../../core/compute.js";
import type { ComputeHandler, ComputeInput, JsonObject } from "../../core/provider.js";
import type { ComputedRoute } from "../../core/define-provider.js";
import { jiraError } from "./errors.js";
import { DEFAULT_SIZE } from "./lists.js";

/**
 * The user searches a connector or a CLI calls to pick a person, computed over the pin's own user list
 * (`users/search`, every account by name, as the build wrote it):
 * - `GET /rest/api/3/user/search`: `query` matches the start of the display name, of any word in it, or
 *   of the email address, without regard to case (Jira: "query=john matches … John Smith and …
 *   johnson@example.com"); `accountId` matches exactly; `property` (a user property) matches nobody,
 *   since no account has properties. One of the three is required.
 * - `GET /rest/api/3/user/assignable/multiProjectSearch`: the accounts assignable in every project of
 *   `projectKeys` (required, case-sensitive keys): everyone, since every account holds the Member role
 *   of every project through the `jira-software-users` group; `query` and `accountId` as above.
 * Both page by `startAt` and `maxResults` (50 by default, at most 1000) as plain arrays, and refuse the
 * removed `username` as Jira Cloud does in GDPR strict mode. The v2 paths are the same answers (an alias).
 */

const MAX_USERS = 1000;
const JSON_TYPE = "application/json;charset=UTF-8";

function reply(status: number, body: unknown) {
  return jsonReply(status, body, { contentType: JSON_TYPE });
}

function param(input: ComputeInput, name: string): string | undefined {
  return input.query.find(([k]) => k === name)?.[1];
}

/** Every account the pin lists, in its order, read page by page from the pre-rendered `users/search`. */
async function everyone(input: ComputeInput): Promise<JsonObject[]> {
  const out: JsonObject[] = [];
  for (let startAt = 0; ; startAt += DEFAULT_SIZE) {
    const page = await readResource<JsonObject[]>(input, "rest/api/3/users/search", startAt ? [["startAt", String(startAt)]] : []);
    if (!page) break;
    out.push(...page);
    if (page.length < DEFAULT_SIZE) break;
  }
  return out;
}

/** Jira's prefix match: the whole display name, any word of it, or the email address starts with the query. */
export function matchesQuery(user: JsonObject, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === "") return true;
  const name = String(user.displayName ?? "").toLowerCase();
  const email = typeof user.emailAddress === "string" ? user.emailAddress.toLowerCase() : "";
  return name.startsWith(q) || name.split(/\s+/).some((w) => w.startsWith(q)) || email.startsWith(q);
}

/** Filters shared by both searches, then the page; or Jira's 400. */
async function search(input: ComputeInput, people: JsonObject[]) {
  const query = param(input, "query");
  const accountId = param(input, "accountId");
  const found = people.filter(
    (p) => (query === undefined || matchesQuery(p, query)) && (accountId === undefined || p.accountId === accountId),
  );
  const start = Number.parseInt(param(input, "startAt") ?? "0", 10);
  const size = Number.parseInt(param(input, "maxResults") ?? String(DEFAULT_SIZE), 10);
  if (Number.isNaN(start) || start < 0) return reply(400, jiraError("The value of 'startAt' must be a non-negative integer."));
  if (Number.isNaN(size) || size < 0) return reply(400, jiraError("The value of 'maxResults' must be a non-negative integer."));
  return reply(200, found.slice(start, start + Math.min(size, MAX_USERS)));
}

const GDPR = "The query parameter 'username' is not supported in GDPR strict mode.";

const userSearch: ComputeHandler = async (input) => {
  if (param(input, "username") !== undefined) return reply(400, jiraError(GDPR));
  if (param(input, "property") !== undefined) return reply(200, []);
  if (param(input, "query") === undefined && param(input, "accountId") === undefined)
    return reply(400, jiraError("The username or property query parameter must be provided"));
  return search(input, await everyone(input));
};

const assignableSearch: ComputeHandler = async (input) => {
  if (param(input, "username") !== undefined) return reply(400, jiraError(GDPR));
  const keys = input.query
    .filter(([k]) => k === "projectKeys")
    .flatMap(([, v]) => v.split(","))
    .map((k) => k.trim())
    .filter((k) => k !== "");
  if (!keys.length) return reply(400, jiraError("The parameter 'projectKeys' is required."));
  const projects = (await readResource<JsonObject[]>(input, "rest/api/3/project")) ?? [];
  const known = new Set(projects.map((p) => p.key));
  const missing = keys.find((k) => !known.has(k));
  if (missing !== undefined) return reply(404, jiraError(`No project could be found with key '${missing}'.`));
  return search(input, await everyone(input));
};

export const userSearchRoutes: ComputedRoute[] = [
  { method: "GET", path: "^rest/api/3/user/search$", handler: "userSearch", run: userSearch },
  { method: "GET", path: "^rest/api/3/user/assignable/multiProjectSearch$", handler: "assignableSearch", run: assignableSearch },
];
