import type { JsonObject, JsonValue } from "../../core/provider.js";
import type { WorkItem, WorkItemStatus } from "../../world/types.js";
import type { JiraContext } from "./context.js";

/**
 * The site's configuration, as a company-managed Jira Software site has it: one workflow whose statuses
 * are the world's, the standard status categories, priorities, issue types and resolutions, and the
 * fields issues carry (system fields and the Jira Software custom fields Sprint, Story point estimate,
 * Rank and Development).
 */

export interface StatusDef {
  id: string;
  name: WorkItemStatus;
  category: 2 | 3 | 4;
  description: string;
}

export const STATUSES: StatusDef[] = [
  { id: "10003", name: "Backlog", category: 2, description: "Work that has not been planned yet." },
  { id: "10000", name: "To Do", category: 2, description: "Work that is planned but not started." },
  { id: "3", name: "In Progress", category: 4, description: "This issue is being actively worked on at the moment by the assignee." },
  { id: "10002", name: "In Review", category: 4, description: "The change is up for review." },
  { id: "10001", name: "Done", category: 3, description: "The work is done." },
  { id: "10004", name: "Canceled", category: 3, description: "The work was stopped and will not be done." },
];

export const CATEGORIES = [
  { id: 1, key: "undefined", colorName: "medium-gray", name: "No Category" },
  { id: 2, key: "new", colorName: "blue-gray", name: "To Do" },
  { id: 4, key: "indeterminate", colorName: "yellow", name: "In Progress" },
  { id: 3, key: "done", colorName: "green", name: "Done" },
] as const;

export const PRIORITIES = [
  { id: "1", name: "Highest", icon: "highest", color: "#d04437", description: "This problem will block progress." },
  { id: "2", name: "High", icon: "high", color: "#f15C75", description: "Serious problem that could block progress." },
  { id: "3", name: "Medium", icon: "medium", color: "#f79232", description: "Has the potential to affect progress." },
  { id: "4", name: "Low", icon: "low", color: "#707070", description: "Minor problem or easily worked around." },
  { id: "5", name: "Lowest", icon: "lowest", color: "#999999", description: "Trivial problem with little or no impact on progress." },
] as const;

export const ISSUE_TYPES = [
  { id: "10000", name: "Epic", avatarId: 10307, hierarchyLevel: 1, description: "A big user story that needs to be broken down." },
  { id: "10001", name: "Story", avatarId: 10315, hierarchyLevel: 0, description: "Functionality or a feature expressed as a user goal." },
  { id: "10002", name: "Task", avatarId: 10318, hierarchyLevel: 0, description: "A small, distinct piece of work." },
  { id: "10003", name: "Subtask", avatarId: 10316, hierarchyLevel: -1, description: "A small piece of work that's part of a larger task." },
  { id: "10004", name: "Bug", avatarId: 10303, hierarchyLevel: 0, description: "A problem or error." },
] as const;

export const RESOLUTIONS = [
  { id: "10000", name: "Done", description: "Work has been completed on this issue." },
  { id: "10001", name: "Won't Do", description: "This issue won't be actioned." },
  { id: "10002", name: "Duplicate", description: "The problem is a duplicate of an existing issue." },
  {
    id: "10003",
    name: "Cannot Reproduce",
    description: "All attempts at reproducing this issue failed, or not enough information was available to reproduce the issue.",
  },
] as const;

export function statusDef(name: WorkItemStatus): StatusDef {
  return STATUSES.find((s) => s.name === name)!;
}

export function statusCategory(jc: JiraContext, id: number): JsonObject {
  const c = CATEGORIES.find((x) => x.id === id)!;
  return { self: `${jc.api}/statuscategory/${c.id}`, id: c.id, key: c.key, colorName: c.colorName, name: c.name };
}

export function status(jc: JiraContext, name: WorkItemStatus): JsonObject {
  return jc.once(`status/${name}`, () => {
    const s = statusDef(name);
    return {
      self: `${jc.api}/status/${s.id}`,
      description: s.description,
      iconUrl: `${jc.site}/images/icons/status_generic.gif`,
      name: s.name,
      untranslatedName: s.name,
      id: s.id,
      statusCategory: statusCategory(jc, s.category),
    };
  });
}

/** The status as the statuses API (`statuses/search`) writes it: jira.js checks this shape strictly. */
export function workflowStatus(s: StatusDef): JsonObject {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    scope: { type: "GLOBAL" },
    statusCategory: s.category === 2 ? "TODO" : s.category === 4 ? "IN_PROGRESS" : "DONE",
  };
}

export function priority(jc: JiraContext, name: (typeof PRIORITIES)[number]["name"], full = false): JsonObject {
  const p = PRIORITIES.find((x) => x.name === name)!;
  const iconUrl = `${jc.site}/images/icons/priorities/${p.icon}.svg`;
  return full
    ? {
        self: `${jc.api}/priority/${p.id}`,
        statusColor: p.color,
        description: p.description,
        iconUrl,
        name: p.name,
        id: p.id,
        isDefault: p.name === "Medium",
      }
    : { self: `${jc.api}/priority/${p.id}`, iconUrl, name: p.name, id: p.id };
}

export function issueType(jc: JiraContext, name: string): JsonObject {
  const t = ISSUE_TYPES.find((x) => x.name === name)!;
  return {
    self: `${jc.api}/issuetype/${t.id}`,
    id: t.id,
    description: t.description,
    iconUrl: `${jc.site}/rest/api/2/universal_avatar/view/type/issuetype/avatar/${t.avatarId}?size=medium`,
    name: t.name,
    untranslatedName: t.name,
    subtask: t.hierarchyLevel < 0,
    avatarId: t.avatarId,
    hierarchyLevel: t.hierarchyLevel,
  };
}

export function resolution(jc: JiraContext, name: (typeof RESOLUTIONS)[number]["name"]): JsonObject {
  const r = RESOLUTIONS.find((x) => x.name === name)!;
  return { self: `${jc.api}/resolution/${r.id}`, id: r.id, description: r.description, name: r.name };
}

/** The resolution an item's status implies (company-managed workflows set it on the way to Done). */
export function resolutionOf(i: WorkItem): "Done" | "Won't Do" | undefined {
  return i.status === "Done" ? "Done" : i.status === "Canceled" ? "Won't Do" : undefined;
}

// --- fields -------------------------------------------------------------------------------------------

export const SPRINT_FIELD = "customfield_10020";
export const POINTS_FIELD = "customfield_10016";
export const RANK_FIELD = "customfield_10019";
export const DEV_FIELD = "customfield_10000";

interface FieldDef {
  id: string;
  name: string;
  clauseNames: string[];
  schema?: JsonObject;
  orderable?: boolean;
  navigable?: boolean;
  searchable?: boolean;
}

const sys = (
  id: string,
  name: string,
  clauseNames: string[],
  type: string,
  more: Partial<FieldDef> & { items?: string } = {},
): FieldDef => {
  const { items, ...rest } = more;
  return { id, name, clauseNames, schema: { type, ...(items ? { items } : {}), system: id }, ...rest };
};
const custom = (id: string, name: string, type: string, plugin: string, more: { items?: string; searchable?: boolean } = {}): FieldDef => {
  const n = Number(id.slice("customfield_".length));
  return {
    id,
    name,
    clauseNames: [`cf[${n}]`, name],
    schema: { type, ...(more.items ? { items: more.items } : {}), custom: plugin, customId: n },
    orderable: true,
    searchable: more.searchable ?? true,
  };
};

/** Every field of an issue, in the order Jira's issue bodies list them. */
export const FIELDS: FieldDef[] = [
  sys("statuscategorychangedate", "Status Category Changed", ["statusCategoryChangedDate"], "datetime", { orderable: false }),
  sys("issuetype", "Issue Type", ["issuetype", "type"], "issuetype", { orderable: true }),
  sys("timespent", "Time Spent", ["timespent"], "number", { orderable: false }),
  sys("project", "Project", ["project"], "project", { orderable: false }),
  sys("fixVersions", "Fix versions", ["fixVersion"], "array", { items: "version", orderable: true }),
  sys("aggregatetimespent", "Σ Time Spent", [], "number", { orderable: false, searchable: false }),
  sys("resolution", "Resolution", ["resolution"], "resolution", { orderable: true }),
  sys("resolutiondate", "Resolved", ["resolutiondate", "resolved"], "datetime", { orderable: false }),
  sys("workratio", "Work Ratio", ["workratio"], "number", { orderable: false }),
  sys("watches", "Watchers", ["watchers"], "watches", { orderable: false }),
  sys("lastViewed", "Last Viewed", ["lastViewed"], "datetime", { orderable: false }),
  sys("created", "Created", ["created", "createdDate"], "datetime", { orderable: false }),
  custom(SPRINT_FIELD, "Sprint", "array", "com.pyxis.greenhopper.jira:gh-sprint", { items: "json" }),
  sys("priority", "Priority", ["priority"], "priority", { orderable: true }),
  sys("labels", "Labels", ["labels"], "array", { items: "string", orderable: true }),
  custom(POINTS_FIELD, "Story point estimate", "number", "com.pyxis.greenhopper.jira:jsw-story-points"),
  custom(RANK_FIELD, "Rank", "any", "com.pyxis.greenhopper.jira:gh-lexo-rank"),
  sys("timeestimate", "Remaining Estimate", ["remainingEstimate", "timeestimate"], "number", { orderable: false }),
  sys("aggregatetimeoriginalestimate", "Σ Original Estimate", [], "number", { orderable: false, searchable: false }),
  sys("versions", "Affects versions", ["affectedVersion"], "array", { items: "version", orderable: true }),
  sys("issuelinks", "Linked Issues", ["issueLink"], "array", { items: "issuelinks", orderable: true }),
  sys("assignee", "Assignee", ["assignee"], "user", { orderable: true }),
  sys("updated", "Updated", ["updated", "updatedDate"], "datetime", { orderable: false }),
  sys("status", "Status", ["status"], "status", { orderable: false }),
  sys("components", "Components", ["component"], "array", { items: "component", orderable: true }),
  sys("timeoriginalestimate", "Original estimate", ["originalEstimate", "timeoriginalestimate"], "number", { orderable: false }),
  sys("description", "Description", ["description"], "string", { orderable: true }),
  custom(DEV_FIELD, "Development", "any", "com.atlassian.jira.plugins.jira-development-integration-plugin:devsummarycf"),
  sys("timetracking", "Time tracking", [], "timetracking", { orderable: true, navigable: false, searchable: false }),
  sys("security", "Security Level", ["level"], "securitylevel", { orderable: true }),
  sys("attachment", "Attachment", ["attachments"], "array", { items: "attachment", orderable: true }),
  sys("aggregatetimeestimate", "Σ Remaining Estimate", [], "number", { orderable: false, searchable: false }),
  sys("summary", "Summary", ["summary"], "string", { orderable: true }),
  sys("creator", "Creator", ["creator"], "user", { orderable: false }),
  sys("subtasks", "Sub-tasks", ["subtasks"], "array", { items: "issuelinks", orderable: false }),
  sys("reporter", "Reporter", ["reporter"], "user", { orderable: true }),
  sys("aggregateprogress", "Σ Progress", [], "progress", { orderable: false, searchable: false }),
  sys("environment", "Environment", ["environment"], "string", { orderable: true }),
  sys("duedate", "Due date", ["due", "duedate"], "date", { orderable: true }),
  sys("progress", "Progress", ["progress"], "progress", { orderable: false, searchable: false }),
  sys("votes", "Votes", ["votes"], "votes", { orderable: false }),
  sys("comment", "Comment", ["comment"], "comments-page", { orderable: true, navigable: false }),
  sys("worklog", "Log Work", ["worklogAuthor", "worklogComment", "worklogDate"], "array", {
    items: "worklog",
    orderable: true,
    navigable: false,
  }),
];

/** Fields `*navigable` selects. */
export const NAVIGABLE = FIELDS.filter((f) => f.navigable !== false).map((f) => f.id);

/** `GET /rest/api/3/field`: the fields above and the issue key (which has no schema). */
export function fieldList(): JsonValue[] {
  const key = {
    id: "issuekey",
    key: "issuekey",
    name: "Key",
    custom: false,
    orderable: false,
    navigable: true,
    searchable: false,
    clauseNames: ["id", "issue", "issuekey", "key"],
  };
  return [
    key,
    ...FIELDS.map((f) => {
      const isCustom = f.id.startsWith("customfield_");
      return {
        id: f.id,
        key: f.id,
        name: f.name,
        ...(isCustom ? { untranslatedName: f.name } : {}),
        custom: isCustom,
        orderable: f.orderable ?? true,
        navigable: f.navigable ?? true,
        searchable: f.searchable ?? true,
        clauseNames: f.clauseNames,
        ...(f.schema ? { schema: f.schema } : {}),
      };
    }),
  ];
}

/** `expand=names`: each field's display name by id. */
export function fieldNames(ids: readonly string[] = FIELDS.map((f) => f.id)): JsonObject {
  return Object.fromEntries(ids.map((id) => [id, FIELDS.find((f) => f.id === id)?.name ?? id]));
}
