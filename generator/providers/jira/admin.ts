import { jsonReply } from "../../core/compute.js";
import type { JsonObject, ComputeHandler, JsonValue, Resource } from "../../core/provider.js";
import { jiraError } from "./errors.js";
import type { JiraContext } from "./context.js";
import { jiraList } from "./lists.js";
import { teamsByKey } from "./projects.js";
import { FIELDS, ISSUE_TYPES } from "./schemes.js";
import { filter } from "./site.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The site's administration configuration, the rest of Airbyte source-jira's streams (manifest.yaml,
 * whose connection check reads each stream once). A company-managed Jira Software site has one default
 * scheme of each kind, and each Scrum project created on it gets its own issue type scheme, issue type
 * screen scheme, screen scheme and screens, and a workflow scheme over its Software Simplified Workflow
 * (config.ts `workflows`). Nothing here is dated, and nothing depends on more than the teams.
 *
 * - `avatar/{issuetype|project|user}/system`: `{system: [Avatar]}`, Jira's built-in avatars (the ids the
 *   issue types and projects use among them);
 * - `issuesecurityschemes`: `{issueSecuritySchemes: []}` (none: issues carry no security level);
 * - `permissionscheme`: `{permissionSchemes}`, the Default Permission Scheme every project uses;
 * - `notificationscheme` (PageBean): the Default Notification Scheme;
 * - `workflowscheme` (PageBean): each project's `<KEY>: Software Simplified Workflow Scheme`;
 * - `issuetypescheme` (PageBean) and `issuetypescheme/mapping` (PageBean of `{issueTypeSchemeId, issueTypeId}`);
 * - `issuetypescreenscheme` (PageBean), `screenscheme` (PageBean), `screens` (PageBean),
 *   `screens/{id}/tabs` (array) and `screens/{id}/tabs/{tabId}/fields` (array);
 * - `fieldconfiguration` (PageBean: the Default Field Configuration), `fieldconfigurationscheme` (an empty
 *   PageBean: every project uses the default configuration, which is no scheme);
 * - `configuration/timetracking/list` and `configuration/timetracking` (Jira's own time tracking);
 * - `settings/columns`: the issue navigator's default columns;
 * - `field/{id}/context` for each custom field (its global default context);
 * - `filter/{id}/permission`: the filter's share permissions;
 * - `project/{key}/avatars`, `project/{key}/email`, `project/{key}/securitylevel` (`{levels: []}`).
 */

type Kind = "issuetype" | "project" | "user";

/** Jira Cloud's system avatars: ids by type (issue types 10300-10322, projects 10400-10425, users 10071-10090). */
export function systemAvatarIds(jc: JiraContext, type: Kind): number[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => from + n);
  if (type === "issuetype") return range(10300, 10322);
  if (type === "project") return range(10400, Math.max(10425, 10400 + Math.max(...jc.world.teams.map((t) => t.id))));
  return range(10071, 10090);
}

function avatar(jc: JiraContext, type: Kind, id: number): JsonObject {
  const url = (size: string) => `${jc.site}/rest/api/3/universal_avatar/view/type/${type}/avatar/${id}?size=${size}`;
  return {
    id: String(id),
    isDeletable: false,
    isSelected: false,
    isSystemAvatar: true,
    urls: { "16x16": url("xsmall"), "24x24": url("small"), "32x32": url("medium"), "48x48": url("large") },
  };
}

const DEFAULT_DESCRIPTION = (what: string) =>
  `This is the default ${what}. Any new projects that are created will be assigned this scheme.`;

/** Screens: the three system screens, then two per project (by key), ids from 10000. */
export function screens(jc: JiraContext): Array<{ id: number; name: string; description: string }> {
  const out = [
    { id: 1, name: "Default Screen", description: "Allows to update all system fields." },
    { id: 2, name: "Workflow Screen", description: "This screen is used in the workflow and enables you to assign issues" },
    { id: 3, name: "Resolve Issue Screen", description: "Allows to set resolution, change fix versions and assign an issue." },
  ];
  teamsByKey(jc).forEach((t, n) => {
    out.push({ id: 10000 + 2 * n, name: `${t.key}: Scrum Default Issue Screen`, description: "" });
    out.push({ id: 10001 + 2 * n, name: `${t.key}: Scrum Bug Screen`, description: "" });
  });
  return out;
}

/** The fields a screen's one tab shows: every orderable field (those a user can set). */
function screenFields(id: number): JsonValue[] {
  const ids =
    id === 2
      ? ["assignee"]
      : id === 3
        ? ["resolution", "fixVersions", "assignee", "comment"]
        : FIELDS.filter((f) => f.orderable ?? true).map((f) => f.id);
  return ids.map((f) => ({ id: f, name: FIELDS.find((x) => x.id === f)!.name }));
}

const COLUMNS = [
  ["Issue Type", "issuetype"],
  ["Key", "issuekey"],
  ["Summary", "summary"],
  ["Assignee", "assignee"],
  ["Reporter", "reporter"],
  ["Priority", "priority"],
  ["Status", "status"],
  ["Resolution", "resolution"],
  ["Created", "created"],
  ["Updated", "updated"],
  ["Due date", "duedate"],
] as const;

/** The Scrum issue types a project's scheme offers (Jira Software's Scrum template). */
const SCRUM_TYPES = ["Epic", "Story", "Task", "Subtask", "Bug"] as const;

export function* adminResources(jc: JiraContext): Generator<Resource> {
  const origin = jc.pin.origin;
  const api = "rest/api/3";
  const teams = teamsByKey(jc);
  const typeId = (name: string) => ISSUE_TYPES.find((t) => t.name === name)!.id;

  for (const type of ["issuetype", "project", "user"] as const) {
    yield { path: `${api}/avatar/${type}/system`, body: { system: systemAvatarIds(jc, type).map((id) => avatar(jc, type, id)) } };
  }
  yield { path: `${api}/issuesecurityschemes`, body: { issueSecuritySchemes: [] } };
  const permissionScheme = {
    expand: "permissions,user,group,projectRole,field,all",
    id: 0,
    self: `${jc.api}/permissionscheme/0`,
    name: "Default Permission Scheme",
    description: DEFAULT_DESCRIPTION("permission scheme"),
  };
  yield { path: `${api}/permissionscheme`, body: { permissionSchemes: [permissionScheme] } };
  yield { path: `${api}/permissionscheme/0`, body: permissionScheme };
  const notificationScheme = {
    expand: "notificationSchemeEvents,user,group,projectRole,field,all",
    id: 10000,
    self: `${jc.api}/notificationscheme/10000`,
    name: "Default Notification Scheme",
    description: "",
  };
  yield* jiraList(origin, `${api}/notificationscheme`, "pageBean", [notificationScheme]);
  yield { path: `${api}/notificationscheme/10000`, body: notificationScheme };
  const workflowSchemes = teams.map((t, n) => ({
    id: 10000 + n,
    name: `${t.key}: Software Simplified Workflow Scheme`,
    description:
      "Generated by JIRA Software version 1001.0.0-SNAPSHOT. This workflow scheme is managed " +
      "internally by Jira Software. Do not manually " +
      "modify this workflow scheme.",
    defaultWorkflow: `Software Simplified Workflow for Project ${t.key}`,
    issueTypeMappings: {},
    self: `${jc.api}/workflowscheme/${10000 + n}`,
  }));
  yield* jiraList(origin, `${api}/workflowscheme`, "pageBean", workflowSchemes);
  for (const w of workflowSchemes) yield { path: `${api}/workflowscheme/${w.id}`, body: w };

  // Issue type schemes: the site default (every type), then each project's Scrum scheme.
  const typeSchemes = [
    {
      id: "10000",
      name: "Default Issue Type Scheme",
      description:
        "Default issue type scheme is the list of global issue types. All newly created issue " +
        "types will automatically be added to this scheme.",
      isDefault: true,
      types: ISSUE_TYPES.map((t) => t.id) as string[],
    },
    ...teams.map((t, n) => ({
      id: String(10001 + n),
      name: `${t.key}: Scrum Issue Type Scheme`,
      description: "",
      defaultIssueTypeId: typeId("Story"),
      isDefault: false,
      types: SCRUM_TYPES.map(typeId),
    })),
  ];
  yield* jiraList(
    origin,
    `${api}/issuetypescheme`,
    "pageBean",
    typeSchemes.map(({ types: _types, ...s }) => s),
  );
  yield* jiraList(
    origin,
    `${api}/issuetypescheme/mapping`,
    "pageBean",
    typeSchemes.flatMap((s) => s.types.map((issueTypeId) => ({ issueTypeSchemeId: s.id, issueTypeId }))),
  );

  const all = screens(jc);
  yield* jiraList(origin, `${api}/issuetypescreenscheme`, "pageBean", [
    { id: "1", name: "Default Issue Type Screen Scheme", description: "The default issue type screen scheme" },
    ...teams.map((t, n) => ({ id: String(10000 + n), name: `${t.key}: Scrum Issue Type Screen Scheme`, description: "" })),
  ]);
  yield* jiraList(origin, `${api}/screenscheme`, "pageBean", [
    { id: 1, name: "Default Screen Scheme", description: "Default Screen Scheme", screens: { default: 1 } },
    ...teams.flatMap((t, n) => [
      { id: 10000 + 2 * n, name: `${t.key}: Scrum Default Screen Scheme`, description: "", screens: { default: 10000 + 2 * n } },
      { id: 10001 + 2 * n, name: `${t.key}: Scrum Bug Screen Scheme`, description: "", screens: { default: 10001 + 2 * n } },
    ]),
  ]);
  yield* jiraList(origin, `${api}/screens`, "pageBean", all);
  for (const s of all) {
    const tab = 10000 + s.id;
    yield { path: `${api}/screens/${s.id}/tabs`, body: [{ id: tab, name: "Field Tab" }] };
    yield { path: `${api}/screens/${s.id}/tabs/${tab}/fields`, body: screenFields(s.id) };
  }

  yield* jiraList(origin, `${api}/fieldconfiguration`, "pageBean", [
    { id: 10000, name: "Default Field Configuration", description: "The default field configuration", isDefault: true },
  ]);
  yield* jiraList(origin, `${api}/fieldconfigurationscheme`, "pageBean", []);
  for (const f of FIELDS.filter((x) => x.id.startsWith("customfield_"))) {
    const n = Number(f.id.slice("customfield_".length));
    yield* jiraList(origin, `${api}/field/${f.id}/context`, "pageBean", [
      {
        id: String(n + 10000),
        name: `Default Configuration Scheme for ${f.name}`,
        description: `Default configuration scheme generated by Jira`,
        isGlobalContext: true,
        isAnyIssueType: true,
      },
    ]);
  }

  const tracking = { key: "JIRA", name: "JIRA provided time tracking", url: "/secure/admin/TimeTrackingAdmin!default.jspa" };
  yield { path: `${api}/configuration/timetracking/list`, body: [tracking] };
  yield { path: `${api}/configuration/timetracking`, body: tracking };
  yield { path: `${api}/settings/columns`, body: COLUMNS.map(([label, value]) => ({ label, value })) };

  for (const t of teams) {
    const f = filter(jc, t);
    yield { path: `${api}/filter/${String(f.id)}/permission`, body: f.sharePermissions as JsonValue };
    const ids = systemAvatarIds(jc, "project");
    yield {
      path: `${api}/project/${t.key}/avatars`,
      body: { system: ids.map((id) => ({ ...avatar(jc, "project", id), isSelected: id === 10400 + t.id })), custom: [] },
    };
    yield { path: `${api}/project/${t.key}/email`, body: { emailAddress: `jira@${jc.world.company.slug}.atlassian.net` } };
    yield { path: `${api}/project/${t.key}/securitylevel`, body: { levels: [] } };
  }
}

/**
 * `GET webhook` (and `webhook/failed`): only Connect and OAuth 2.0 apps may list webhooks, so Jira answers the
 * caller of these pins, a user with an API token, 403 with an ErrorCollection (it lists no webhooks).
 */
const webhookForbidden: ComputeHandler = async () =>
  jsonReply(403, jiraError("Only Connect and OAuth 2.0 apps can use this operation."), { contentType: "application/json;charset=UTF-8" });

export const adminRoutes: ComputedRoute[] = [
  { method: "GET", path: "^rest/api/[23]/webhook(/failed)?$", handler: "webhookForbidden", run: webhookForbidden },
];
