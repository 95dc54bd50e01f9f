import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import type { Team } from "../../world/types.js";
import { groups } from "./config.js";
import type { JiraContext } from "./context.js";
import { DASHBOARD_DEFAULT, MAX_SIZE, jiraList } from "./lists.js";
import { projectRef, projectSelf, teamsByKey } from "./projects.js";
import { avatarUrls } from "./users.js";

/**
 * More of the site as sync connectors read it (Airbyte source-jira's streams `dashboards`,
 * `project_types`, `project_roles`, `jira_settings`, `permissions`, `filters`; DevLake's board filter
 * check):
 * - `dashboard`: the site's system dashboard and each team's own (named after the team, owned by its
 *   lead, shared with its project), paged `{startAt, maxResults, total, dashboards}` (20 by default);
 * - `project/type`: the project types Jira Cloud knows, licensed or not;
 * - `role` and `role/{id}`: the project roles every company-managed project links to, with their
 *   default actors (the site's groups);
 * - `application-properties`: the general settings a new site has, its title the company's name;
 * - `permissions`: every permission Jira Cloud defines, by key;
 * - `filter/{id}` and `filter/search`: the saved filter behind each board (`Filter for PAY board`), as
 *   Jira Software creates one with the board.
 */

const PROJECT_TYPES = [
  { key: "business", formattedKey: "Business", color: "#FFAB00" },
  { key: "product_discovery", formattedKey: "Product Discovery", color: "#8777D9" },
  { key: "service_desk", formattedKey: "Service management", color: "#36B37E" },
  { key: "software", formattedKey: "Software", color: "#0065FF" },
] as const;

function typeIcon(color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><rect ` +
    `width="16" height="16" rx="3" fill="${color}"/></svg>`;
  return Buffer.from(svg).toString("base64");
}

export function projectTypes(): JsonValue[] {
  return PROJECT_TYPES.map((t) => ({
    key: t.key,
    formattedKey: t.formattedKey,
    descriptionI18nKey: `jira.project.type.${t.key.replace("_", ".")}.description`,
    icon: typeIcon(t.color),
    color: t.color,
  }));
}

/** The project roles (ids as each project's `roles` links name them) and the group that fills each by default. */
export const ROLES: Array<{ id: number; name: string; description: string; group?: (slug: string) => string }> = [
  {
    id: 10002,
    name: "Administrators",
    description: "Admins can do most things, like update settings and add other admins.",
    group: (slug) => `jira-admins-${slug}`,
  },
  {
    id: 10003,
    name: "Member",
    description: "Members are part of the team, and can add, edit, and collaborate on all work.",
    group: (slug) => `jira-software-users-${slug}`,
  },
  { id: 10004, name: "Viewer", description: "Viewers can search through, view, and comment on your team's work, but not much else." },
];

export function role(jc: JiraContext, r: (typeof ROLES)[number]): JsonObject {
  const slug = jc.world.company.slug;
  const byName = new Map(groups(jc).map((g) => [g.name, g]));
  const group = r.group ? byName.get(r.group(slug)) : undefined;
  return {
    self: `${jc.api}/role/${r.id}`,
    name: r.name,
    id: r.id,
    description: r.description,
    actors: group
      ? [
          {
            id: r.id * 10 + 1,
            displayName: group.name,
            type: "atlassian-group-role-actor",
            name: group.name,
            actorGroup: { name: group.name, displayName: group.name, groupId: group.groupId },
          },
        ]
      : [],
  };
}

/**
 * `GET /project/{key}/role/{id}`: the role as the project fills it. Every project keeps the default
 * actors (the groups of `role`), so it differs from the role itself only in `self`.
 */
export function projectRole(jc: JiraContext, t: Team, r: (typeof ROLES)[number]): JsonObject {
  return { ...role(jc, r), self: `${projectSelf(jc, t)}/role/${r.id}` };
}

/** `GET /project/{key}/role`: each role's name and the URL of the project's role. */
export function projectRoles(jc: JiraContext, t: Team): JsonObject {
  return Object.fromEntries(ROLES.map((r) => [r.name, `${projectSelf(jc, t)}/role/${r.id}`]));
}

/**
 * Who is in each group: everyone uses Jira and Confluence; the admins administer Jira. `site-admins` and
 * `administrators` hold nobody (the site is administered through Atlassian Administration). An admin is
 * in three groups and anyone else in two, as `user?accountId=…` counts them.
 */
export function groupMembers(jc: JiraContext, name: string): number {
  const slug = jc.world.company.slug;
  if (name === `jira-software-users-${slug}` || name === `confluence-users-${slug}`) return jc.world.people.length;
  if (name === `jira-admins-${slug}`) return jc.world.people.filter((p) => p.admin).length;
  return 0;
}

/**
 * `GET /group?groupId=` (and `?groupname=`): the group with its member count. Its `users` are listed only
 * on `expand=users`, which this snapshot does not render: `items` stays empty, as without the expand.
 */
export function group(jc: JiraContext, g: { name: string; groupId: string }): JsonObject {
  return {
    name: g.name,
    groupId: g.groupId,
    self: `${jc.api}/group?groupId=${g.groupId}`,
    users: { size: groupMembers(jc, g.name), items: [], "max-results": 50, "start-index": 0, "end-index": 0 },
    expand: "users",
  };
}

function setting(id: string, name: string, value: string, defaultValue: string, desc: string, type = "string"): JsonObject {
  return { id, key: id, value, name, desc, type, defaultValue };
}

export function applicationProperties(jc: JiraContext): JsonValue[] {
  return [
    setting("jira.clone.prefix", "The clone summary prefix", "CLONE -", "CLONE -", "The prefix added to the summary of a cloned issue."),
    setting("jira.date.picker.java.format", "Date picker format", "d/MMM/yy", "d/MMM/yy", "The Java date format of date pickers."),
    setting(
      "jira.date.time.picker.java.format",
      "Date time picker format",
      "dd/MMM/yy h:mm a",
      "dd/MMM/yy h:mm a",
      "The Java date and time format of date time pickers.",
    ),
    setting(
      "jira.issuenav.criteria.autoupdate",
      "Auto update criteria",
      "true",
      "true",
      "Whether the issue navigator updates as criteria change.",
      "boolean",
    ),
    setting("jira.option.allowunassigned", "Allow unassigned issues", "true", "false", "Whether issues may be left unassigned.", "boolean"),
    setting("jira.option.voting", "Voting", "true", "true", "Whether users can vote for issues.", "boolean"),
    setting("jira.option.watching", "Watching", "true", "true", "Whether users can watch issues.", "boolean"),
    setting("jira.title", "Title", jc.world.company.name, "Jira", "The name of this Jira site."),
  ];
}

const PERMISSIONS: Array<[string, string, "GLOBAL" | "PROJECT", string]> = [
  ["ADD_COMMENTS", "Add Comments", "PROJECT", "Ability to comment on issues."],
  [
    "ADMINISTER",
    "Administer Jira",
    "GLOBAL",
    "Create and administer projects, issue types, fields, workflows, and schemes for all projects.",
  ],
  ["ADMINISTER_PROJECTS", "Administer Projects", "PROJECT", "Ability to administer a project in Jira."],
  ["ASSIGNABLE_USER", "Assignable User", "PROJECT", "Users with this permission may be assigned to issues."],
  ["ASSIGN_ISSUES", "Assign Issues", "PROJECT", "Ability to assign issues to other people."],
  ["BROWSE_PROJECTS", "Browse Projects", "PROJECT", "Ability to browse projects and the issues within them."],
  ["BULK_CHANGE", "Make bulk changes", "GLOBAL", "Modify collections of issues at once."],
  ["CLOSE_ISSUES", "Close Issues", "PROJECT", "Ability to close issues."],
  ["CREATE_ATTACHMENTS", "Create Attachments", "PROJECT", "Users with this permission may create attachments."],
  ["CREATE_ISSUES", "Create Issues", "PROJECT", "Ability to create issues."],
  ["CREATE_SHARED_OBJECTS", "Share dashboards and filters", "GLOBAL", "Share dashboards and filters with other users."],
  ["DELETE_ALL_ATTACHMENTS", "Delete All Attachments", "PROJECT", "Users with this permission may delete all attachments."],
  ["DELETE_ALL_COMMENTS", "Delete All Comments", "PROJECT", "Ability to delete all comments made on issues."],
  ["DELETE_ALL_WORKLOGS", "Delete All Worklogs", "PROJECT", "Ability to delete all worklogs made on issues."],
  ["DELETE_ISSUES", "Delete Issues", "PROJECT", "Ability to delete issues."],
  ["DELETE_OWN_ATTACHMENTS", "Delete Own Attachments", "PROJECT", "Users with this permission may delete own attachments."],
  ["DELETE_OWN_COMMENTS", "Delete Own Comments", "PROJECT", "Ability to delete own comments made on issues."],
  ["DELETE_OWN_WORKLOGS", "Delete Own Worklogs", "PROJECT", "Ability to delete own worklogs made on issues."],
  ["EDIT_ALL_COMMENTS", "Edit All Comments", "PROJECT", "Ability to edit all comments made on issues."],
  ["EDIT_ALL_WORKLOGS", "Edit All Worklogs", "PROJECT", "Ability to edit all worklogs made on issues."],
  ["EDIT_ISSUES", "Edit Issues", "PROJECT", "Ability to edit issues."],
  ["EDIT_OWN_COMMENTS", "Edit Own Comments", "PROJECT", "Ability to edit own comments made on issues."],
  ["EDIT_OWN_WORKLOGS", "Edit Own Worklogs", "PROJECT", "Ability to edit own worklogs made on issues."],
  ["LINK_ISSUES", "Link Issues", "PROJECT", "Ability to link issues together and create linked issues."],
  ["MANAGE_GROUP_FILTER_SUBSCRIPTIONS", "Manage group filter subscriptions", "GLOBAL", "Create and delete group filter subscriptions."],
  ["MANAGE_SPRINTS_PERMISSION", "Manage sprints", "PROJECT", "Ability to manage sprints."],
  ["MANAGE_WATCHERS", "Manage Watchers", "PROJECT", "Ability to manage the watchers of an issue."],
  ["MODIFY_REPORTER", "Modify Reporter", "PROJECT", "Ability to modify the reporter when creating or editing an issue."],
  ["MOVE_ISSUES", "Move Issues", "PROJECT", "Ability to move issues between projects or between workflows of the same project."],
  ["RESOLVE_ISSUES", "Resolve Issues", "PROJECT", "Ability to resolve and reopen issues."],
  ["SCHEDULE_ISSUES", "Schedule Issues", "PROJECT", "Ability to view or edit an issue's due date."],
  [
    "SET_ISSUE_SECURITY",
    "Set Issue Security",
    "PROJECT",
    "Ability to set the level of security on an issue so that only people in that security level can see the issue.",
  ],
  [
    "SYSTEM_ADMIN",
    "Jira System Administrator",
    "GLOBAL",
    "Ability to perform most administration functions (excluding Import & Export, SMTP Configuration, etc.).",
  ],
  ["TRANSITION_ISSUES", "Transition Issues", "PROJECT", "Ability to transition issues."],
  ["USER_PICKER", "Browse users and groups", "GLOBAL", "View and select users or groups from the user picker, and share issues."],
  [
    "VIEW_DEV_TOOLS",
    "View Development Tools",
    "PROJECT",
    "Allows users in a software project to view development-related information on the issue, " +
      "such as commits, reviews and build information.",
  ],
  [
    "VIEW_READONLY_WORKFLOW",
    "View Read-Only Workflow",
    "PROJECT",
    "Users with this permission may view a read-only version of a workflow.",
  ],
  ["VIEW_VOTERS_AND_WATCHERS", "View Voters and Watchers", "PROJECT", "Ability to view the voters and watchers of an issue."],
  ["WORK_ON_ISSUES", "Work On Issues", "PROJECT", "Ability to log work done against an issue."],
];

export function permissions(): JsonValue {
  return { permissions: Object.fromEntries(PERMISSIONS.map(([key, name, type, description]) => [key, { key, name, type, description }])) };
}

/** A board's filter: one per project, id 10000 + n, as Jira Software saves one when it creates the board. */
export function filterId(t: Team): string {
  return String(10000 + t.id - 1);
}

export function filterJql(t: Team): string {
  return `project = ${t.key} ORDER BY Rank ASC`;
}

function ownerRef(jc: JiraContext, t: Team): JsonObject {
  const lead = jc.person(t.leadId);
  return {
    self: `${jc.api}/user?accountId=${jc.accountId(lead)}`,
    accountId: jc.accountId(lead),
    avatarUrls: avatarUrls(lead),
    displayName: lead.name,
    active: true,
  };
}

/** The project a dashboard or filter is shared with. */
function shareWith(jc: JiraContext, t: Team, id: number): JsonObject {
  return { id, type: "project", project: projectRef(jc, t) };
}

export function filter(jc: JiraContext, t: Team): JsonObject {
  const id = filterId(t);
  const jql = filterJql(t);
  return {
    expand:
      "description,owner,jql,viewUrl,searchUrl,favourite,favouritedCount,sharePermissions," +
      "editPermissions,isWritable,approximateLastUsed,subscriptions",
    self: `${jc.api}/filter/${id}`,
    id,
    name: `Filter for ${t.key} board`,
    description: "",
    owner: ownerRef(jc, t),
    jql,
    viewUrl: `${jc.site}/issues/?filter=${id}`,
    searchUrl: `${jc.api}/search/jql?jql=${encodeURIComponent(jql)}`,
    favourite: false,
    favouritedCount: 0,
    sharePermissions: [shareWith(jc, t, 10200 + t.id)],
    editPermissions: [],
    isWritable: false,
    subscriptions: { size: 0, items: [], "max-results": 0, "start-index": 0, "end-index": 0 },
  };
}

/** The dashboards, in id order: the system dashboard, then each team's. */
export function dashboards(jc: JiraContext): JsonObject[] {
  const system: JsonObject = {
    id: "10000",
    isFavourite: false,
    name: "Default dashboard",
    popularity: 0,
    self: `${jc.api}/dashboard/10000`,
    sharePermissions: [{ type: "global" }],
    editPermissions: [],
    isWritable: false,
    systemDashboard: true,
    view: "/jira/dashboards/10000",
  };
  const teams = [...jc.world.teams].sort((a, b) => a.id - b.id);
  return [
    system,
    ...teams.map((t): JsonObject => {
      const id = String(10000 + t.id);
      return {
        description: `Sprint progress and open work of the ${t.name} team (${t.key}).`,
        id,
        isFavourite: false,
        name: `${t.name} dashboard`,
        owner: ownerRef(jc, t),
        popularity: t.memberIds.length,
        self: `${jc.api}/dashboard/${id}`,
        sharePermissions: [shareWith(jc, t, 10100 + t.id)],
        editPermissions: [],
        isWritable: false,
        systemDashboard: false,
        view: `/jira/dashboards/${id}`,
      };
    }),
  ];
}

export function* siteResources(jc: JiraContext): Generator<Resource> {
  const origin = jc.pin.origin;
  const api = "rest/api/3";
  const boards = dashboards(jc);
  yield* jiraList(origin, `${api}/dashboard`, "dashboards", boards, [], [DASHBOARD_DEFAULT, MAX_SIZE]);
  for (const d of boards) yield { path: `${api}/dashboard/${d.id as string}`, body: d };
  yield { path: `${api}/project/type`, body: projectTypes() };
  for (const t of projectTypes()) yield { path: `${api}/project/type/${(t as JsonObject).key as string}`, body: t };
  yield { path: `${api}/role`, body: ROLES.map((r) => role(jc, r)) };
  for (const r of ROLES) yield { path: `${api}/role/${r.id}`, body: role(jc, r) };
  for (const t of teamsByKey(jc)) {
    yield { path: `${api}/project/${t.key}/role`, body: projectRoles(jc, t) };
    for (const r of ROLES) yield { path: `${api}/project/${t.key}/role/${r.id}`, body: projectRole(jc, t, r) };
  }
  for (const g of groups(jc)) {
    yield { path: `${api}/group`, query: { groupId: g.groupId }, body: group(jc, g) };
    yield { path: `${api}/group`, query: { groupname: g.name }, body: group(jc, g) };
  }
  yield { path: `${api}/application-properties`, body: applicationProperties(jc) };
  yield { path: `${api}/permissions`, body: permissions() };
  for (const t of teamsByKey(jc)) yield { path: `${api}/filter/${filterId(t)}`, body: filter(jc, t) };
}
