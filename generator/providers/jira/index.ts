import { isRaw, type PinContext, type Resource, type ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { adminResources, adminRoutes } from "./admin.js";
import { imageResources } from "./images.js";
import { agileResources } from "./agile.js";
import { configResources } from "./config.js";
import { JiraContext } from "./context.js";
import { methodNotAllowed, notFound } from "./errors.js";
import { issueResources } from "./issues.js";
import {
  CHANGELOG_DEFAULT,
  CHANGELOG_LIST,
  DASHBOARD_DEFAULT,
  DASHBOARD_LIST,
  DEFAULT_SIZE,
  EXPANDED,
  MAX_SIZE,
  jiraPagination,
} from "./lists.js";
import { jiraRefusals } from "./params.js";
import { platformResources } from "./platform.js";
import { badRequest, jiraLists } from "./profiles.js";
import { devStatusResources } from "./devstatus.js";
import { searchResources, searchRoutes } from "./search.js";
import { siteResources } from "./site.js";
import { userSearchRoutes } from "./user-search.js";
import { toV2 } from "./v2.js";
import { worklogResources, worklogRoutes } from "./worklogs.js";
import { defineProvider } from "../../core/define-provider.js";

/** Attachments are files: generation 1 has none, and answers Jira's 404 for their paths. */
export const FILE_LINKS = /\/rest\/api\/[23]\/attachment\//;

/**
 * Any `expand` on GET issue (changelog, names, renderedFields, ...) gets the one expanded rendering:
 * names and the whole changelog. Elsewhere `expand` selects nothing and is dropped from the key.
 */
export { EXPANDED } from "./lists.js";
/** Paths where `expand` selects nothing: all but GET issue and the board's issue list (changelogs, for DevLake). */
const EXPANDS_NOTHING = "^(?!rest/api/[23]/issue/[^/]+$|rest/agile/1\\.0/board/[^/]+/issue$)";

/** What `expand` adds to a listed project (projects.ts projectFull has them). */
const PROJECT_EXPANDS = ["description", "lead", "issueTypes"];

/** The v2 paths whose body is v3's. */
export const V2_SAME =
  "^rest/api/2/(serverInfo|myself|user|users/search|users|field|status|statuscategory|priority|resolution|issuetype|issueLinkType|label|" +
  "filter/search|filter|group/bulk|projectCategory|project|workflow/search|applicationrole|" +
  "attachment|dashboard|role|application-properties|permissions|universal_avatar|group)(?=/|$)";

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "jira",
  name: "Jira Cloud",
  unavailable: { status: 503, body: { errorMessages: ["{message}"], errors: {} } },
  snippet:
    'import { Version3Client } from "jira.js";\nconst jira = new Version3Client({ host: ' +
    '"{{base_url}}", authentication: { basic: { email: "you@example.com", apiToken: "any" } } });',
  computed: [...searchRoutes, ...worklogRoutes, ...adminRoutes, ...userSearchRoutes],
  serving(pin: PinContext, world: World, computed): ServingProfile {
    const jc = new JiraContext(world, pin);
    return {
      provider: "jira",
      headers: {
        "cache-control": "no-cache, no-store, no-transform",
        "timing-allow-origin": "*",
        "x-aaccountid": jc.accountId(jc.viewer),
        "x-content-type-options": "nosniff",
        "x-xss-protection": "1; mode=block",
      },
      query: {
        // `jql` on Agile issue lists is evaluated by the query engine (profiles.ts), so it selects no file.
        keep: [
          "startAt",
          "maxResults",
          "expand",
          "accountId",
          "query",
          "keys",
          "state",
          "type",
          "projectKeyOrId",
          "id",
          "issueId",
          "applicationType",
          "dataType",
          "groupId",
          "groupname",
          "redirect",
        ],
        defaults: [
          { param: "startAt", value: "0" },
          {
            param: "maxResults",
            value: String(DEFAULT_SIZE),
            path: "^(?!rest/api/[23]/issue/[^/]+/(comment|worklog|changelog)$|rest/api/[23]/dashboard$)",
          },
          { param: "maxResults", value: String(CHANGELOG_DEFAULT), path: CHANGELOG_LIST },
          { param: "maxResults", value: String(DASHBOARD_DEFAULT), path: DASHBOARD_LIST },
          { param: "expand", value: EXPANDED, path: EXPANDS_NOTHING },
          // Attachment content: `redirect=true` is the default 303 (issues.ts).
          { param: "redirect", value: "true", path: "^rest/api/[23]/attachment/content/" },
        ],
        anyValue: [{ param: "expand", value: EXPANDED }],
        clamp: [
          { param: "maxResults", min: 1, max: MAX_SIZE },
          { param: "startAt", min: 0, max: 1_000_000 },
        ],
        // Documented parameters this snapshot cannot answer get Jira's 400 naming them (params.ts).
        refuse: jiraRefusals(),
      },
      errors: { notFound, methodNotAllowed, badRequest },
      pagination: jiraPagination(pin.origin),
      lists: jiraLists(jiraPagination(pin.origin), jc.viewer.utcOffsetMinutes),
      aliases: [
        // `GET /users` (getAllUsersDefault) lists the same people as `users/search`.
        { from: "^rest/api/3/users$", to: "rest/api/3/users/search" },
        // The v2 platform API, for what v2 writes as v3 does (only `self` names the version): the site and
        // the caller (DevLake's and Airbyte's connection checks call `/rest/api/2/serverInfo`), people, and
        // the configuration (config.ts, site.ts). A project by id under v2 first: one alias applies.
        ...world.teams.map((t) => ({ from: `^rest/api/2/project/${escapeRe(jc.projectId(t))}(?=/|$)`, to: `rest/api/3/project/${t.key}` })),
        { from: V2_SAME, to: "rest/api/3/$1" },
        // The development panel answers `latest` as `1.0`.
        { from: "^rest/dev-status/latest/", to: "rest/dev-status/1.0/" },
        ...world.teams.flatMap((t) => [
          // An issue by id (`1015092`) is the issue by key (`PAY-5092`), in every API.
          {
            from: `^rest/(api/[23]|agile/1\\.0)/issue/1${String(t.id).padStart(2, "0")}([1-9]\\d*)(?=/|$)`,
            to: `rest/$1/issue/${t.key}-$2`,
          },
          { from: `^rest/api/3/project/${escapeRe(jc.projectId(t))}(?=/|$)`, to: `rest/api/3/project/${t.key}` },
        ]),
      ],
      computed,
      // `expand=description,lead,issueTypes` on the project lists: read from each project's own body.
      partial: [
        { param: "expand", path: "^rest/api/3/project$", expand: { names: PROJECT_EXPANDS }, self: "self" },
        { param: "expand", path: "^rest/api/3/project/search$", expand: { names: PROJECT_EXPANDS, under: "values" }, self: "self" },
      ],
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const jc = new JiraContext(world, pin);
    yield* platformResources(jc);
    yield* configResources(jc);
    yield* siteResources(jc);
    yield* adminResources(jc);
    yield* imageResources(jc);
    for (const item of world.workItems) {
      // Each issue resource in v3, then the same in v2 (wiki markup for documents, `/rest/api/2/` links).
      for (const r of issueResources(jc, item, EXPANDED)) {
        yield r;
        if (r.path.startsWith("rest/api/3/issue/") && !isRaw(r.body))
          yield { ...r, path: `rest/api/2/${r.path.slice("rest/api/3/".length)}`, body: toV2(jc, r.body) };
      }
      yield* devStatusResources(jc, item);
    }
    yield* agileResources(jc);
    yield* searchResources(jc);
    yield* worklogResources(jc);
  },
});
