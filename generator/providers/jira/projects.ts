import type { JsonObject, JsonValue } from "../../core/provider.js";
import type { Team } from "../../world/types.js";
import type { JiraContext } from "./context.js";
import { ISSUE_TYPES, STATUSES, issueType, status } from "./schemes.js";
import { avatarUrls } from "./users.js";

/**
 * Each team is a company-managed Jira Software project keyed by the team's tracker key (PAY), named after
 * the team, led by the team lead. Projects are found by key and, through an alias, by id.
 */
const ROLES: Array<[string, number]> = [
  ["Administrators", 10002],
  ["Member", 10003],
  ["Viewer", 10004],
];

function projectAvatars(jc: JiraContext, t: Team): JsonObject {
  const avatar = 10400 + t.id;
  const url = (size: string) => `${jc.site}/rest/api/3/universal_avatar/view/type/project/avatar/${avatar}?size=${size}`;
  return { "48x48": url("large"), "24x24": url("small"), "16x16": url("xsmall"), "32x32": url("medium") };
}

export function projectSelf(jc: JiraContext, t: Team): string {
  return `${jc.api}/project/${jc.projectId(t)}`;
}

/** A project as issues embed it. */
export function projectRef(jc: JiraContext, t: Team): JsonObject {
  return jc.once(`project-ref/${t.id}`, () => ({
    self: projectSelf(jc, t),
    id: jc.projectId(t),
    key: t.key,
    name: t.name,
    projectTypeKey: "software",
    simplified: false,
    avatarUrls: projectAvatars(jc, t),
  }));
}

/** A project as `project/search` lists it. */
export function projectListed(jc: JiraContext, t: Team): JsonObject {
  return {
    expand: "description,lead,issueTypes,url,projectKeys,permissions,insight",
    self: projectSelf(jc, t),
    id: jc.projectId(t),
    key: t.key,
    name: t.name,
    avatarUrls: projectAvatars(jc, t),
    projectTypeKey: "software",
    simplified: false,
    style: "classic",
    isPrivate: false,
    properties: {},
  };
}

/** `GET /project/{projectIdOrKey}`. */
export function projectFull(jc: JiraContext, t: Team): JsonObject {
  const lead = jc.person(t.leadId);
  return {
    expand: "description,lead,issueTypes,url,projectKeys,permissions,insight",
    self: projectSelf(jc, t),
    id: jc.projectId(t),
    key: t.key,
    description: t.description,
    lead: {
      self: `${jc.api}/user?accountId=${jc.accountId(lead)}`,
      accountId: jc.accountId(lead),
      avatarUrls: avatarUrls(lead),
      displayName: lead.name,
      active: true,
    },
    components: [],
    issueTypes: ISSUE_TYPES.map((x) => issueType(jc, x.name)),
    assigneeType: "UNASSIGNED",
    versions: [],
    name: t.name,
    roles: Object.fromEntries(ROLES.map(([name, id]) => [name, `${projectSelf(jc, t)}/role/${id}`])),
    avatarUrls: projectAvatars(jc, t),
    projectTypeKey: "software",
    simplified: false,
    style: "classic",
    isPrivate: false,
    properties: {},
  };
}

/** `GET /project/{key}/statuses`: every issue type with the workflow's statuses. */
export function projectStatuses(jc: JiraContext): JsonValue {
  return ISSUE_TYPES.map((x) => ({
    self: `${jc.api}/issuetype/${x.id}`,
    id: x.id,
    name: x.name,
    subtask: x.hierarchyLevel < 0,
    statuses: STATUSES.map((s) => status(jc, s.name)),
  }));
}

/** Projects in key order, as `project/search` sorts them by default. */
export function teamsByKey(jc: JiraContext): Team[] {
  return [...jc.world.teams].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
