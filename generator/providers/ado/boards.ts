import type { ContinuationTokenPaging } from "../../core/pagination/paging.js";
import { listPages } from "../../core/paginate.js";
import type { JsonObject, JsonValue, Resource } from "../../core/provider.js";
import { startOfDay } from "../../world/clock.js";
import { Rng } from "../../world/rng.js";
import type { WorkItem } from "../../world/types.js";
import { isoFull, isoSeconds, type AdoContext } from "./context.js";

/**
 * Boards beside the work items themselves: the project's classification nodes (areas and iterations),
 * the organization's work item fields, and each work item's comments (the Comments API, 7.1-preview.4).
 *
 * - Areas: `{Project}` with one child per world team; iterations: `{Project}` with one child per sprint
 *   (the same GUIDs as the team settings' iterations, which are these nodes). Node paths are written as
 *   Azure DevOps writes them, with the structure segment (`\Project\Area\Payments`); work items' area and
 *   iteration paths leave it out (`Project\Payments`).
 * - Comments are the notes people leave when they move an item: the pull request that implements it up
 *   for review, its merge, a cancellation, and sometimes a note on starting work. Each is saved with the
 *   transition's revision (the revision's `System.History`), so revisions, `System.CommentCount` and
 *   `System.ChangedDate` stay as they were: nothing is dated after the transition that carries it.
 */

// --- comments ---------------------------------------------------------------------------------------

export interface CommentData {
  id: number;
  /** The transition whose revision carries it (0-based). */
  transition: number;
  at: number;
  byId: number;
  text: string;
}

const START_NOTES = [
  "Picking this up now.",
  "Starting on this; will link the pull request when it is up.",
  "Looking into it today.",
  "Taking this one. Reproduced locally first.",
];

const CANCEL_NOTES = [
  "Not going ahead with this for now.",
  "Closing: superseded by other work in the backlog.",
  "Dropping this after the planning discussion.",
];

/** The comments of a work item, oldest first: at most one per transition. */
export function commentsOf(ado: AdoContext, item: WorkItem): CommentData[] {
  return ado.once(`ado/comments/${item.id}`, () => {
    const rng = new Rng(ado.world.generation.seed, `ado/workitem/${item.id}/comments`);
    const repo = item.repoId !== undefined ? ado.world.repos.find((r) => r.id === item.repoId) : undefined;
    const pr = repo && item.pullNumber !== undefined ? repo.pulls.find((p) => p.number === item.pullNumber) : undefined;
    const out: CommentData[] = [];
    let started = false;
    for (const [k, t] of item.transitions.entries()) {
      let text: string | undefined;
      if (t.to === "In Review" && repo && pr) text = `Pull request !${ado.pullId(repo, pr)} is up for review in ${repo.name}: ${pr.title}`;
      else if (t.to === "Done" && repo && pr?.mergedAt !== undefined) text = `Merged !${ado.pullId(repo, pr)} into ${repo.defaultBranch}.`;
      else if (t.to === "Canceled") text = rng.pick(CANCEL_NOTES);
      else if (t.to === "In Progress" && !started && rng.chance(0.35)) text = rng.pick(START_NOTES);
      if (t.to === "In Progress") started = true;
      if (text === undefined || t.at > ado.world.asOf) continue;
      out.push({ id: item.id * 100 + out.length + 1, transition: k, at: t.at, byId: t.byId, text: `<div>${escapeHtml(text)}</div>` });
    }
    return out;
  });
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The comments saved up to a revision (1-based): `System.CommentCount` at that revision. */
export function commentCountAt(ado: AdoContext, item: WorkItem, rev: number): number {
  return commentsOf(ado, item).filter((c) => c.transition < rev - 1).length;
}

/** The comment saved with a revision, as its `System.History`. */
export function historyAt(ado: AdoContext, item: WorkItem, rev: number): string | undefined {
  return commentsOf(ado, item).find((c) => c.transition === rev - 2)?.text;
}

function commentsUrl(ado: AdoContext, id: number): string {
  return `${ado.orgUrl}/${ado.projectId}/_apis/wit/workItems/${id}/comments`;
}

function comment(ado: AdoContext, item: WorkItem, c: CommentData): JsonValue {
  const who = ado.identity(ado.person(c.byId));
  const at = isoFull(c.at);
  return {
    workItemId: item.id,
    id: c.id,
    version: 1,
    text: c.text,
    createdBy: who,
    createdDate: at,
    modifiedBy: who,
    modifiedDate: at,
    format: "html",
    url: `${commentsUrl(ado, item.id)}/${c.id}`,
  };
}

/** Comments page with a continuation token in the body (`continuationToken`, and `nextPage` its URL). */
export function commentPaging(origin: string): ContinuationTokenPaging {
  return {
    mechanism: "continuation-token",
    pageParam: "continuationToken",
    sizeParam: "$top",
    defaultSize: 200,
    rendered: [200],
    max: 200,
    origin,
    countField: "count",
    continuation: { field: "continuationToken", linkField: "nextPage", token: "opaque" },
  };
}

export const COMMENT_KEYS = ["totalCount", "count", "comments", "nextPage", "continuationToken"];

function* commentResources(ado: AdoContext): Generator<Resource> {
  const p = commentPaging(ado.api);
  for (const item of ado.world.workItems) {
    const base = `${ado.org}/_apis/wit/workItems/${item.id}/comments`;
    const all = commentsOf(ado, item);
    // Newest first, as the service lists them unless `order=asc`.
    const items = [...all].reverse().map((c) => comment(ado, item, c));
    yield* listPages(p, base, items, {
      envelope: "comments",
      wrap: (page, fields) => {
        const body: JsonObject = {};
        const values: Record<string, JsonValue | undefined> = { totalCount: items.length, ...fields, comments: page };
        for (const k of COMMENT_KEYS) if (values[k] !== undefined) body[k] = values[k]!;
        return body;
      },
    });
    for (const [n, c] of all.entries()) yield { path: `${base}/${c.id}`, body: comment(ado, item, all[n]!) };
  }
}

// --- classification nodes ---------------------------------------------------------------------------

function nodeId(ado: AdoContext, path: string): number {
  return 100000 + (Number.parseInt(ado.guid(`node/${path}`).slice(0, 8), 16) % 900000);
}

interface Node {
  id: number;
  identifier: string;
  name: string;
  structureType: "area" | "iteration";
  path: string;
  url: string;
  attributes?: JsonObject;
  children: Node[];
}

function trees(ado: AdoContext): { areas: Node; iterations: Node } {
  return ado.once("ado/classification", () => {
    const base = `${ado.orgUrl}/${ado.projectId}/_apis/wit/classificationNodes`;
    const p = ado.projectName;
    const areas: Node = {
      id: nodeId(ado, "area"),
      identifier: ado.guid("area/root"),
      name: p,
      structureType: "area",
      path: `\\${p}\\Area`,
      url: `${base}/Areas`,
      children: [...ado.world.teams]
        .sort((a, b) => a.id - b.id)
        .map((t) => ({
          id: nodeId(ado, `area/${t.slug}`),
          identifier: ado.guid(`area/${t.slug}`),
          name: t.name,
          structureType: "area" as const,
          path: `\\${p}\\Area\\${t.name}`,
          url: `${base}/Areas/${encodeURIComponent(t.name)}`,
          children: [],
        })),
    };
    const iterations: Node = {
      id: nodeId(ado, "iteration"),
      identifier: ado.guid("sprint/root"),
      name: p,
      structureType: "iteration",
      path: `\\${p}\\Iteration`,
      url: `${base}/Iterations`,
      children: ado.world.sprints.map((s) => ({
        id: nodeId(ado, `iteration/${s.id}`),
        identifier: ado.guid(`sprint/${s.id}`),
        name: s.name,
        structureType: "iteration" as const,
        attributes: { startDate: isoSeconds(s.startAt), finishDate: isoSeconds(startOfDay(s.endAt)) },
        path: `\\${p}\\Iteration\\${s.name}`,
        url: `${base}/Iterations/${encodeURIComponent(s.name)}`,
        children: [],
      })),
    };
    return { areas, iterations };
  });
}

/** A node as the service writes it, its children to `depth` levels; `_links` on the node asked for. */
function node(n: Node, depth: number, links?: { parent?: string }): JsonValue {
  const out: JsonObject = {
    id: n.id,
    identifier: n.identifier,
    name: n.name,
    structureType: n.structureType,
    hasChildren: n.children.length > 0,
  };
  if (depth > 0 && n.children.length) out.children = n.children.map((c) => node(c, depth - 1));
  if (n.attributes) out.attributes = n.attributes;
  out.path = n.path;
  if (links) out._links = { self: { href: n.url }, ...(links.parent ? { parent: { href: links.parent } } : {}) };
  out.url = n.url;
  return out;
}

/** The deepest tree is two levels (root and children): `$depth` above 1 answers as 1. */
export const MAX_DEPTH = 1;

function* classificationResources(ado: AdoContext): Generator<Resource> {
  const base = `${ado.projectPath()}/_apis/wit/classificationNodes`;
  const { areas, iterations } = trees(ado);
  for (const depth of [0, MAX_DEPTH]) {
    const query = depth === 0 ? undefined : { $depth: String(depth) };
    const roots = [node(areas, depth, {}), node(iterations, depth, {})];
    yield { path: base, ...(query ? { query } : {}), body: { count: roots.length, value: roots } };
    for (const [group, root] of [
      ["Areas", areas],
      ["Iterations", iterations],
    ] as const) {
      yield { path: `${base}/${group}`, ...(query ? { query } : {}), body: node(root, depth, {}) };
      for (const child of root.children)
        yield { path: `${base}/${group}/${child.name}`, ...(query ? { query } : {}), body: node(child, depth, { parent: root.url }) };
    }
  }
}

// --- fields -----------------------------------------------------------------------------------------

type FieldType = "string" | "integer" | "dateTime" | "plainText" | "html" | "treePath" | "history" | "double" | "boolean" | "identity";

/** The fields of the Agile process the pins' work items use, in reference-name order as the service lists them. */
export const FIELD_DEFS: Array<[ref: string, name: string, type: FieldType, readOnly: boolean, description: string]> = [
  ["Microsoft.VSTS.Common.ActivatedBy", "Activated By", "identity", false, "The person who activated this work item."],
  ["Microsoft.VSTS.Common.ActivatedDate", "Activated Date", "dateTime", false, "The date and time when the work item was activated."],
  ["Microsoft.VSTS.Common.ClosedBy", "Closed By", "identity", false, "The person who closed this work item."],
  ["Microsoft.VSTS.Common.ClosedDate", "Closed Date", "dateTime", false, "The date and time when the work item was closed."],
  ["Microsoft.VSTS.Common.Priority", "Priority", "integer", false, "Business importance. 1=must fix; 4=unimportant."],
  ["Microsoft.VSTS.Common.ResolvedBy", "Resolved By", "identity", false, "The person who resolved this work item."],
  ["Microsoft.VSTS.Common.ResolvedDate", "Resolved Date", "dateTime", false, "The date and time when the work item was resolved."],
  ["Microsoft.VSTS.Common.StateChangeDate", "State Change Date", "dateTime", false, "The date and time when the state last changed."],
  ["Microsoft.VSTS.Common.ValueArea", "Value Area", "string", false, "The area of customer value addressed by this work item."],
  [
    "Microsoft.VSTS.Scheduling.RemainingWork",
    "Remaining Work",
    "double",
    false,
    "An estimate of the number of units of work remaining to complete this task.",
  ],
  ["Microsoft.VSTS.Scheduling.StoryPoints", "Story Points", "double", false, "The size of work estimated for implementing a user story."],
  ["Microsoft.VSTS.TCM.ReproSteps", "Repro Steps", "html", false, "How to see the bug. End by contrasting expected with actual behavior."],
  ["System.AreaId", "Area ID", "integer", false, "The unique ID of the area to which this work item is assigned."],
  ["System.AreaPath", "Area Path", "treePath", false, "The area of the product with which this work item is associated."],
  ["System.AssignedTo", "Assigned To", "identity", false, "The person currently working on this work item."],
  ["System.BoardColumn", "Board Column", "string", true, "The column of the Kanban board the work item is in."],
  ["System.BoardColumnDone", "Board Column Done", "boolean", true, "Whether the work item is in the done half of its Kanban column."],
  ["System.ChangedBy", "Changed By", "identity", true, "The person who last saved this work item."],
  ["System.ChangedDate", "Changed Date", "dateTime", true, "The date and time when the work item was last saved."],
  ["System.CommentCount", "Comment Count", "integer", true, "The number of comments on the work item."],
  ["System.CreatedBy", "Created By", "identity", true, "The person who created the work item."],
  ["System.CreatedDate", "Created Date", "dateTime", true, "The date and time when the work item was created."],
  ["System.Description", "Description", "html", false, "Information about the work item."],
  ["System.History", "History", "history", false, "Discussion thread plus automatic record of changes."],
  ["System.Id", "ID", "integer", true, "The unique ID of the work item."],
  ["System.IterationId", "Iteration ID", "integer", false, "The unique ID of the iteration to which this work item is assigned."],
  ["System.IterationPath", "Iteration Path", "treePath", false, "The iteration within which this work item is scheduled."],
  ["System.Reason", "Reason", "string", false, "The reason why the work item is in its current state."],
  ["System.Rev", "Rev", "integer", true, "The revision number of the work item."],
  ["System.State", "State", "string", false, "The workflow state of the work item."],
  ["System.Tags", "Tags", "plainText", false, "Tags associated with the work item."],
  ["System.TeamProject", "Team Project", "string", true, "The project to which the work item belongs."],
  ["System.Title", "Title", "string", false, "A short description that summarizes what the work item is."],
  ["System.WorkItemType", "Work Item Type", "string", true, "The name of the work item type."],
];

const OPS: Record<string, [string, string]> = {
  eq: ["SupportedOperations.Equals", "="],
  ne: ["SupportedOperations.NotEquals", "<>"],
  gt: ["SupportedOperations.GreaterThan", ">"],
  lt: ["SupportedOperations.LessThan", "<"],
  ge: ["SupportedOperations.GreaterThanEquals", ">="],
  le: ["SupportedOperations.LessThanEquals", "<="],
  field: ["SupportedOperations.EqualsField", "=[Field]"],
  in: ["SupportedOperations.In", "In"],
  notIn: ["SupportedOperations.NotIn", "Not In"],
  ever: ["SupportedOperations.Ever", "Was Ever"],
  contains: ["SupportedOperations.Contains", "Contains"],
  notContains: ["SupportedOperations.NotContains", "Does Not Contain"],
  containsWords: ["SupportedOperations.ContainsWords", "Contains Words"],
  notContainsWords: ["SupportedOperations.NotContainsWords", "Does Not Contain Words"],
  under: ["SupportedOperations.Under", "Under"],
  notUnder: ["SupportedOperations.NotUnder", "Not Under"],
  isEmpty: ["SupportedOperations.IsEmpty", "Is Empty"],
  isNotEmpty: ["SupportedOperations.IsNotEmpty", "Is Not Empty"],
  inGroup: ["SupportedOperations.InGroup", "In Group"],
  notInGroup: ["SupportedOperations.NotInGroup", "Not In Group"],
};

function operations(type: FieldType): JsonValue[] {
  const names: Record<FieldType, string[]> = {
    string: ["eq", "ne", "gt", "lt", "ge", "le", "field", "in", "notIn", "ever", "contains", "notContains", "inGroup", "notInGroup"],
    integer: ["eq", "ne", "gt", "lt", "ge", "le", "field", "in", "notIn", "ever"],
    double: ["eq", "ne", "gt", "lt", "ge", "le", "field", "in", "notIn", "ever"],
    dateTime: ["eq", "ne", "gt", "lt", "ge", "le", "field", "in", "notIn", "ever"],
    boolean: ["eq", "ne", "field", "ever"],
    identity: ["eq", "ne", "gt", "lt", "ge", "le", "field", "in", "notIn", "ever", "contains", "notContains", "inGroup", "notInGroup"],
    plainText: ["contains", "notContains", "isEmpty", "isNotEmpty"],
    html: ["containsWords", "notContainsWords", "isEmpty", "isNotEmpty"],
    history: ["containsWords", "notContainsWords", "isEmpty", "isNotEmpty"],
    treePath: ["eq", "ne", "in", "notIn", "under", "notUnder"],
  };
  return names[type].map((k) => ({ referenceName: OPS[k]![0], name: OPS[k]![1] }));
}

function field(ado: AdoContext, def: (typeof FIELD_DEFS)[number]): JsonValue {
  const [ref, name, type, readOnly, description] = def;
  const sortable = !["html", "history", "plainText"].includes(type);
  return {
    name,
    referenceName: ref,
    description,
    type,
    usage: "workItem",
    readOnly,
    canSortBy: sortable,
    isQueryable: true,
    supportedOperations: operations(type),
    isIdentity: type === "identity",
    isPicklist: false,
    isPicklistSuggested: false,
    isLocked: false,
    url: `${ado.orgUrl}/_apis/wit/fields/${ref}`,
  };
}

function* fieldResources(ado: AdoContext): Generator<Resource> {
  const all = FIELD_DEFS.map((d) => field(ado, d));
  // The organization's fields and the project's (the same, one process): not paged.
  for (const scope of [ado.org, ado.projectPath()]) yield { path: `${scope}/_apis/wit/fields`, body: { count: all.length, value: all } };
  for (const [n, d] of FIELD_DEFS.entries()) yield { path: `${ado.org}/_apis/wit/fields/${d[0]}`, body: all[n]! };
}

export function* boardResources(ado: AdoContext): Generator<Resource> {
  yield* commentResources(ado);
  yield* classificationResources(ado);
  yield* fieldResources(ado);
}
