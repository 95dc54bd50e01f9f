import type { ParamClasses } from "../../core/param-classes.js";
import type { QueryRefusal } from "../../core/provider.js";
import { tfError } from "./errors.js";

/**
 * Every query parameter of the REST 7.1 descriptions' GET operations this provider serves, in one class
 * each (issue 37; test/providers/ado/parameter-classes.test.ts). A bare name holds on every served
 * operation; `<template> <name>` on one. The refused ones are also the serving profile's refusal rules
 * (`adoRefusals`), so what the table says is what the server does: a value outside `allow` gets a 400
 * naming the parameter. Azure DevOps ignores parameters it does not document, so those still pass.
 */
const ORG = "/{organization}";
const PROJECT = `${ORG}/{project}`;
const REPO = `${PROJECT}/_apis/git/repositories/{repositoryId}`;
const PULL = `${REPO}/pullRequests/{pullRequestId}`;
/** The single pull request's template, spelled in lower case by the description (its children are not). */
const PULL_ITEM = `${REPO}/pullrequests/{pullRequestId}`;
const BUILDS = `${PROJECT}/_apis/build/builds`;
const DEFINITIONS = `${PROJECT}/_apis/build/definitions`;
const COMMITS = `${REPO}/commits?`;
const PUSH_COMMITS = `${REPO}/commits`;
const ITEMS = `${REPO}/items`;
const ITEMS_PATH = `${REPO}/items?path={path}`;
const PULLS = [`${PROJECT}/_apis/git/pullrequests`, `${REPO}/pullrequests`];
const COMMENTS = `${PROJECT}/_apis/wit/workItems/{workItemId}/comments?`;
const TEAMS = [`${ORG}/_apis/projects/{projectId}/teams`, `${ORG}/_apis/teams`];
const BRANCH_STATS = [`${REPO}/stats/branches`, `${REPO}/stats/branches?name={name}`];

/** A refused parameter: the values still answered (a regex; absent: none) and why it is refused. */
interface Refused {
  allow?: string;
  why: string;
}

const FALSE = "^(false|False)$";
const NONE = "^(none|None|0)$";
const NO_LINKS = { allow: FALSE, why: "the items carry no `_links` in lists here: `true` would add them" };

/** `<template> <param>` for each template. */
const on = <T>(templates: string[], param: string, value: T): Record<string, T> =>
  Object.fromEntries(templates.map((t) => [`${t} ${param}`, value]));

const PULL_SEARCH = (p: string) => on(PULLS, `searchCriteria.${p}`, `profiles.ts pullFilters: ${p}`);

const refused: Record<string, Refused> = {
  // --- builds
  [`${BUILDS} maxBuildsPerDefinition`]: { why: "a cap per definition: the engine pages the whole list only" },
  [`${BUILDS} deletedFilter`]: {
    allow: "^(excludeDeleted|includeDeleted|ExcludeDeleted|IncludeDeleted|0|1)$",
    why: "no build here is deleted, so excludeDeleted and includeDeleted list the same builds; onlyDeleted would be empty",
  },
  [`${BUILDS} tagFilters`]: { why: "no build here is tagged (tags []): any tag would select none, which the engine does not say" },
  [`${BUILDS}/{buildId}/timeline/{timelineId} changeId`]: { why: "records changed after a change id: records carry no change ids here" },
  [`${BUILDS}/{buildId}/timeline/{timelineId} planId`]: { why: "a timeline of another plan: each build has its one plan" },
  // --- build definitions
  ...Object.fromEntries(
    [
      "builtAfter",
      "notBuiltAfter",
      "definitionIds",
      "includeAllProperties",
      "includeLatestBuilds",
      "minMetricsTime",
      "path",
      "processType",
      "queryOrder",
      "repositoryId",
      "repositoryType",
      "taskIdFilter",
      "yamlFilename",
      "continuationToken",
    ].map((p) => [`${DEFINITIONS} ${p}`, { why: "definitions list by `name` only (pre-rendered)" }]),
  ),
  [`${DEFINITIONS}/{definitionId} includeLatestBuilds`]: { allow: FALSE, why: "the definition carries no latest builds" },
  [`${DEFINITIONS}/{definitionId} minMetricsTime`]: { why: "definitions carry no metrics here" },
  // --- core
  [`${ORG}/_apis/projects continuationToken`]: { why: "the projects list pages by $top/$skip here and never issues a token" },
  [`${ORG}/_apis/projects getDefaultTeamImageUrl`]: { allow: FALSE, why: "projects carry no defaultTeamImageUrl" },
  [`${ORG}/_apis/projects stateFilter`]: {
    allow: "^(wellFormed|WellFormed|wellformed|all|All|1|-1)$",
    why: "the one project is wellFormed: wellFormed and all list it; another state would list none",
  },
  [`${ORG}/_apis/projects/{projectId} includeHistory`]: { allow: FALSE, why: "projects carry no history" },
  ...on([...TEAMS, `${TEAMS[0]}/{teamId}`], "$expandIdentity", { allow: FALSE, why: "teams carry no expanded identity" }),
  ...on(TEAMS, "$mine", { allow: FALSE, why: "the caller's team memberships are not modelled" }),
  // --- git: pull requests
  ...on(PULLS, "searchCriteria.includeLinks", NO_LINKS),
  ...on(PULLS, "maxCommentLength", { why: "descriptions are never truncated here" }),
  ...on(PULLS, "searchCriteria.queryTimeRangeType", {
    allow: "^(created|Created|1)$",
    why: "minTime/maxTime bound the creation date only; `closed` would bound the closing date",
  }),
  [`${PULL_ITEM} includeCommits`]: { allow: FALSE, why: "a pull request body carries no commits here" },
  [`${PULL_ITEM} includeWorkItemRefs`]: { allow: FALSE, why: "a pull request body carries no work item refs here" },
  [`${PULL_ITEM} maxCommentLength`]: { why: "descriptions are never truncated here" },
  [`${PULL}/commits continuationToken`]: { why: "a pull request's commits page by $top here and never issue a token" },
  [`${PULL}/iterations includeCommits`]: { allow: FALSE, why: "iterations carry no commits here" },
  [`${PULL}/threads $iteration`]: { why: "threads are not tracked across iterations here" },
  [`${PULL}/threads $baseIteration`]: { why: "threads are not tracked across iterations here" },
  [`${PULL}/threads/{threadId} $iteration`]: { why: "threads are not tracked across iterations here" },
  [`${PULL}/threads/{threadId} $baseIteration`]: { why: "threads are not tracked across iterations here" },
  // --- git: repositories, commits, refs, trees, blobs, items
  [`${PROJECT}/_apis/git/repositories includeLinks`]: NO_LINKS,
  [`${PROJECT}/_apis/git/repositories includeAllUrls`]: { allow: FALSE, why: "repositories carry no extra clone URLs" },
  [`${PUSH_COMMITS} pushId`]: { why: "pushes are not served" },
  [`${PUSH_COMMITS} includeLinks`]: NO_LINKS,
  [`${COMMITS} searchCriteria.includeLinks`]: NO_LINKS,
  [`${COMMITS} searchCriteria.compareVersion.version`]: { why: "commits between two versions are not computed" },
  [`${COMMITS} searchCriteria.compareVersion.versionType`]: { why: "commits between two versions are not computed" },
  [`${COMMITS} searchCriteria.compareVersion.versionOptions`]: { why: "commits between two versions are not computed" },
  [`${COMMITS} searchCriteria.fromCommitId`]: { why: "a range of commit ids is not computed" },
  [`${COMMITS} searchCriteria.toCommitId`]: { why: "a range of commit ids is not computed" },
  [`${COMMITS} searchCriteria.itemPath`]: { why: "the commit list carries no file names" },
  [`${COMMITS} searchCriteria.includePushData`]: { allow: FALSE, why: "commits carry no push data" },
  [`${COMMITS} searchCriteria.includeUserImageUrl`]: { allow: FALSE, why: "commits carry no user image URLs" },
  [`${COMMITS} searchCriteria.includeWorkItems`]: { allow: FALSE, why: "commits carry no work item refs" },
  [`${COMMITS} searchCriteria.itemVersion.versionType`]: {
    allow: "^(branch|Branch|0)$",
    why: "every list is a branch's history; a tag's or a commit's is not",
  },
  [`${COMMITS} searchCriteria.itemVersion.versionOptions`]: {
    allow: NONE,
    why: "previous-change and first-parent options are not computed",
  },
  [`${COMMITS} searchCriteria.showOldestCommitsFirst`]: { allow: FALSE, why: "lists are newest first only" },
  [`${REPO}/commits/{commitId} changeCount`]: { allow: "^0$", why: "a commit body carries no changes here" },
  [`${REPO}/commits/{commitId}/changes top`]: { why: "a commit's changes are one page here" },
  [`${REPO}/commits/{commitId}/changes skip`]: { allow: "^0$", why: "a commit's changes are one page here" },
  [`${REPO}/refs continuationToken`]: { why: "refs page by $top here and never issue a token" },
  [`${REPO}/refs includeLinks`]: NO_LINKS,
  [`${REPO}/refs includeMyBranches`]: { allow: FALSE, why: "the caller's branches are not modelled" },
  [`${REPO}/refs includeStatuses`]: { allow: FALSE, why: "refs carry no statuses" },
  ...on(BRANCH_STATS, "baseVersionDescriptor.version", { why: "ahead/behind counts are against the default branch only" }),
  ...on(BRANCH_STATS, "baseVersionDescriptor.versionType", { allow: "^(branch|Branch|0)$", why: "the base is a branch" }),
  ...on(BRANCH_STATS, "baseVersionDescriptor.versionOptions", { allow: NONE, why: "no version options are computed" }),
  [`${REPO}/trees/{sha1} $format`]: { allow: "^(json|Json|JSON)$", why: "trees are JSON here, not zip" },
  [`${REPO}/trees/{sha1} fileName`]: { why: "names the zip download, which is not served" },
  [`${REPO}/blobs/{sha1} $format`]: { allow: "^(json|Json|JSON)$", why: "a blob answers its GitBlobRef JSON only" },
  [`${REPO}/blobs/{sha1} download`]: { allow: FALSE, why: "a blob answers its GitBlobRef JSON only" },
  [`${REPO}/blobs/{sha1} fileName`]: { why: "names the download, which is not served" },
  ...on([ITEMS, ITEMS_PATH], "latestProcessedChange", { allow: FALSE, why: "items carry no latest processed change" }),
  ...on([ITEMS, ITEMS_PATH], "versionDescriptor.versionOptions", { allow: NONE, why: "no version options are computed" }),
  [`${ITEMS} includeLinks`]: NO_LINKS,
  [`${ITEMS_PATH} sanitize`]: { allow: FALSE, why: "SVG sanitizing is not modelled" },
  // --- graph, pipelines
  [`${ORG}/_apis/graph/users continuationToken`]: { why: "users page by $top here and never issue a token" },
  [`${ORG}/_apis/graph/users scopeDescriptor`]: { why: "users are the organization's; a scope is not computed" },
  [`${ORG}/_apis/graph/users subjectTypes`]: { allow: "^(aad|AAD)$", why: "every user is aad: another subject type would list none" },
  [`${PROJECT}/_apis/pipelines continuationToken`]: { why: "pipelines page by $top here and never issue a token" },
  [`${PROJECT}/_apis/pipelines orderBy`]: { why: "pipelines are in one order here" },
  [`${PROJECT}/_apis/pipelines/{pipelineId} pipelineVersion`]: { allow: "^1$", why: "every pipeline is at revision 1" },
  // --- work items
  [`${PROJECT}/_apis/wit/workitems asOf`]: { why: "work items are served at the as-of only" },
  [`${PROJECT}/_apis/wit/workitems/{id} asOf`]: { why: "work items are served at the as-of only" },
  [`${PROJECT}/_apis/wit/workitems/{id} fields`]: {
    why: "a single work item carries every field; a field list is served by workitems?ids=",
  },
  [`${PROJECT}/_apis/wit/workItems/{workItemId}/comments ids`]: { why: "comments by ids (the batch form) are not served" },
  ...on([COMMENTS, COMMENTS.slice(0, -1), `${COMMENTS.slice(0, -1)}/{commentId}`], "$expand", {
    allow: "^(none|None|0)$",
    why: "comments carry no reactions or rendered text here",
  }),
  [`${PROJECT}/{team}/_apis/wit/wiql/{id} $top`]: {
    // No stored query here returns 1,000 work items, so a cap of 1,000 or more answers the whole result.
    allow: "^[1-9]\\d{3,}$",
    why: "stored query results are served whole: a smaller cap is not applied",
  },
  [`${PROJECT}/{team}/_apis/wit/wiql/{id} timePrecision`]: { allow: FALSE, why: "stored query results are served by day" },
  // --- what the links made served (issue 37): refused until computed
  ...on([`${PROJECT}/_apis/build/status/{definition}`], "branchName", { why: "the badge is the default branch's latest build" }),
  ...Object.fromEntries(
    ["configuration", "jobName", "label", "stageName"].map((p) => [
      `${PROJECT}/_apis/build/status/{definition} ${p}`,
      { why: "the badge is the whole build's, with the definition's name" },
    ]),
  ),
  ...Object.fromEntries(
    ["fromDate", "toDate", "pusherId", "refName"].map((p) => [
      `${REPO}/pushes searchCriteria.${p}`,
      { why: "pushes are served as one list, newest first, unfiltered" },
    ]),
  ),
  [`${REPO}/pushes searchCriteria.includeLinks`]: NO_LINKS,
  [`${REPO}/pushes searchCriteria.includeRefUpdates`]: { allow: FALSE, why: "a push in the list carries no ref updates" },
  [`${REPO}/pushes/{pushId} includeCommits`]: { allow: "^0$", why: "a push is served without its commits list" },
  [`${REPO}/pushes/{pushId} includeRefUpdates`]: { allow: FALSE, why: "a push is served with its ref updates as stored" },
  [`${ORG}/_apis/graph/Memberships/{subjectDescriptor} direction`]: {
    allow: "^(up|Up)$",
    why: "a subject's memberships are served upward (the groups it belongs to)",
  },
  [`${ORG}/_apis/graph/Memberships/{subjectDescriptor} depth`]: { allow: "^1$", why: "direct memberships only" },
  ...on([`${PROJECT}/_apis/wit/workItems/{id}/revisions`, `${PROJECT}/_apis/wit/workItems/{id}/revisions/{revisionNumber}`], "$expand", {
    allow: NONE,
    why: "revisions carry their fields only, no relations or links",
  }),
};

const NO_PROPERTIES = "no build or definition here carries properties (`properties: {}`): every name answers the same";

export const adoParams: ParamClasses = {
  // The batch form by ids answers 404 through the route form's name lookup; `ids` is refused on the route (adoRefusals).
  unserved: [`${PROJECT}/_apis/wit/classificationnodes?ids={ids}`],
  computed: {
    "api-version":
      "adoRefusals: the format and range the service checks (VssInvalidApiResourceVersionException, VssVersionOutOfRangeException); any accepted version answers the 7.1 contract",
    $top: "pagination ($top/$skip, continuation token on builds): each list's default and maximum",
    $skip: "pagination",
    continuationToken: "pagination (builds: x-ms-continuationtoken; comments: the body's token)",
    [`${COMMITS} searchCriteria.$top`]: "pagination (paramAliases: read as $top)",
    [`${COMMITS} searchCriteria.$skip`]: "pagination (paramAliases: read as $skip)",
    [`${COMMITS} searchCriteria.itemVersion.version`]: "profiles.ts selector: a branch's history",
    [`${COMMITS} searchCriteria.author`]: "profiles.ts selector: the author's email or display name",
    [`${COMMITS} searchCriteria.user`]: "profiles.ts commitFilters: the committer's name or email",
    [`${COMMITS} searchCriteria.fromDate`]: "profiles.ts commitFilters: committer date >=",
    [`${COMMITS} searchCriteria.toDate`]: "profiles.ts commitFilters: committer date <=",
    [`${COMMITS} searchCriteria.ids`]: "profiles.ts commitFilters: commit ids",
    ...PULL_SEARCH("status"),
    ...PULL_SEARCH("minTime"),
    ...PULL_SEARCH("maxTime"),
    ...PULL_SEARCH("repositoryId"),
    ...PULL_SEARCH("creatorId"),
    ...PULL_SEARCH("reviewerId"),
    ...PULL_SEARCH("sourceRefName"),
    ...PULL_SEARCH("targetRefName"),
    ...PULL_SEARCH("sourceRepositoryId"),
    [`${BUILDS} branchName`]: "profiles.ts buildFilters: sourceBranch",
    [`${BUILDS} buildIds`]: "profiles.ts buildFilters",
    [`${BUILDS} buildNumber`]: "profiles.ts buildFilters: the build number, any case",
    [`${BUILDS} definitions`]: "profiles.ts buildFilters (one definition is also pre-rendered)",
    [`${BUILDS} minTime`]: "profiles.ts buildFilters: queueTime >=",
    [`${BUILDS} maxTime`]: "profiles.ts buildFilters: queueTime <=",
    [`${BUILDS} queryOrder`]: "profiles.ts buildSort: queue, start or finish time, either way",
    [`${BUILDS} queues`]: "profiles.ts buildFilters: queue ids",
    [`${BUILDS} reasonFilter`]: "profiles.ts buildFilters",
    [`${BUILDS} repositoryId`]: "profiles.ts buildFilters",
    [`${BUILDS} repositoryType`]: "profiles.ts buildFilters",
    [`${BUILDS} requestedFor`]: "profiles.ts buildFilters: the requester's id, unique name or display name",
    [`${BUILDS} resultFilter`]: "profiles.ts buildFilters",
    [`${BUILDS} statusFilter`]: "profiles.ts buildFilters",
    [`${DEFINITIONS} name`]: "profiles.ts selector: pre-rendered per definition",
    [`${DEFINITIONS}/{definitionId} revision`]: "revision 1 is the definition (default); another answers 404, as no other revision exists",
    ...on(BRANCH_STATS, "name", "profiles.ts selector: pre-rendered per branch"),
    [`${REPO}/refs filter`]: "profiles.ts selector: heads, tags, a branch or tag",
    [`${REPO}/refs filterContains`]: "profiles.ts: a substring of the name",
    [`${REPO}/trees/{sha1} recursive`]: "pre-rendered for each branch head's root tree",
    ...on([ITEMS, ITEMS_PATH], "$format", "handlers.ts items: json, text or octetStream"),
    ...on([ITEMS, ITEMS_PATH], "download", "handlers.ts items"),
    ...on([ITEMS, ITEMS_PATH], "includeContentMetadata", "handlers.ts items"),
    ...on([ITEMS, ITEMS_PATH], "recursionLevel", "handlers.ts items: none, oneLevel, full"),
    ...on([ITEMS, ITEMS_PATH], "scopePath", "handlers.ts items"),
    ...on([ITEMS, ITEMS_PATH], "versionDescriptor.version", "handlers.ts items: a branch or commit"),
    ...on([ITEMS, ITEMS_PATH], "versionDescriptor.versionType", "handlers.ts items: branch or commit"),
    [`${ITEMS_PATH} path`]: "handlers.ts items",
    [`${ITEMS_PATH} includeContent`]: "handlers.ts items",
    $timeframe: "pre-rendered: current",
    $depth: "pre-rendered: 0, or the whole tree from 1",
    [`${PROJECT}/_apis/wit/workitems ids`]: "handlers.ts workItemsBatch",
    [`${PROJECT}/_apis/wit/workitems fields`]: "handlers.ts workItemsBatch",
    [`${PROJECT}/_apis/wit/workitems errorPolicy`]: "handlers.ts workItemsBatch: omit",
    [`${PROJECT}/_apis/wit/workitems $expand`]: "handlers.ts workItemsBatch",
    [`${PROJECT}/_apis/wit/workitems/{id} $expand`]: "pre-rendered: any value gives relations and links (query anyValue)",
    [`${COMMENTS} order`]: "profiles.ts: asc or desc",
  },
  refused: Object.fromEntries(
    Object.entries(refused).map(([k, r]) => [k, `400 naming it${r.allow ? ` unless ${r.allow}` : ""}: ${r.why}`]),
  ),
  ignored: {
    [`${PULL}/labels projectId`]: "names the project, which the path already names: the answer is the same",
    [`${PULL}/labels/{labelIdOrName} projectId`]: "names the project, which the path already names: the answer is the same",
    [`${BUILDS} properties`]: NO_PROPERTIES,
    [`${BUILDS}/{buildId} propertyFilters`]: NO_PROPERTIES,
    [`${DEFINITIONS}/{definitionId} propertyFilters`]: NO_PROPERTIES,
    [`${PROJECT}/_apis/git/repositories includeHidden`]: "no repository here is hidden: the list is the same",
    [`${REPO}?includeParent={includeParent} includeParent`]: "no repository here is a fork: there is no parent to include",
    [`${REPO}/blobs/{sha1} resolveLfs`]: "no file here is an LFS pointer",
    [`${ITEMS_PATH} resolveLfs`]: "no file here is an LFS pointer",
    [`${ITEMS} zipForUnix`]: "applies to the zip format only, which answers 400",
    [`${REPO}/trees/{sha1} projectId`]: "names the project the repository is in; the repository id already identifies it",
    [`${REPO}/refs peelTags`]: "every tag is lightweight: the service adds peeledObjectId to annotated tags only (README, Tags)",
    [`${REPO}/refs latestStatusesOnly`]: "applies with includeStatuses only, which is refused",
    [`${PUSH_COMMITS} top`]: "pages a push's commits (pushId), which is refused",
    [`${PUSH_COMMITS} skip`]: "pages a push's commits (pushId), which is refused",
    [`${COMMITS} searchCriteria.excludeDeletes`]: "applies with itemPath only, which is refused",
    [`${COMMITS} searchCriteria.historyMode`]: "applies with itemPath only, which is refused",
    [`${PULL_ITEM} $top`]: "pages the commits of includeCommits, which is refused",
    [`${PULL_ITEM} $skip`]: "pages the commits of includeCommits, which is refused",
    [`${PROJECT}/_apis/wit/fields $expand`]: "extensionFields: no extension fields here, so the list is the same",
    includeDeleted: "no comment here is deleted: the list is the same",
  },
  unhandled: {
    [`${ORG}/_apis/projects/{projectId} includeCapabilities`]: "capabilities are always included (the service adds them only for true)",
  },
};

/** The rules for refused parameters: each key's template as a path, matched without regard to case. */
export function adoRefusals(): QueryRefusal[] {
  const message = "The query parameter '{param}' is not answered by this snapshot (value '{value}'): {why}.";
  const rules: QueryRefusal[] = [...apiVersion()];
  for (const [key, r] of Object.entries(refused)) {
    const at = key.lastIndexOf(" ");
    const template = at === -1 ? undefined : key.slice(0, at);
    const param = at === -1 ? key : key.slice(at + 1);
    rules.push({
      param,
      ...(template ? { path: pathOf(template) } : {}),
      ...(r.allow ? { allow: r.allow } : {}),
      message: message.replace("{why}", r.why),
    });
  }
  // Classification nodes by ids (the batch form, not served) share the route of the whole tree: refused there.
  rules.push({
    param: "ids",
    path: pathOf(`${PROJECT}/_apis/wit/classificationnodes`),
    message: message.replace("{why}", "classification nodes by ids are not served"),
  });
  return rules;
}

/** A description's template as a key-path regex: the project and team segments optional, as Azure DevOps routes them. */
export function pathOf(template: string): string {
  const source = template
    .split("?")[0]!
    .slice(1)
    .replace(/[.*+^$()|[\]\\]/g, "\\$&")
    .replace(/\{project\}\//g, "(?:[^/]+/)?")
    .replace(/\{team\}\//g, "(?:[^/]+/)?")
    .replace(/\{[^}]+\}/g, "[^/]+");
  return `^${source}$`;
}

const WEBAPI = "Microsoft.VisualStudio.Services.WebApi";

/**
 * api-version as the service checks it: a malformed version is VssInvalidApiResourceVersionException, one
 * above the service's latest (7.2) VssVersionOutOfRangeException, both 400. Guidelines say every request
 * names a version, but the service answers a GET without one (azure-devops-node-api's connectionData GET
 * sends none), as this snapshot does. Every accepted version answers the 7.1 contract.
 */
function apiVersion(): QueryRefusal[] {
  return [
    {
      param: "api-version",
      allow: "^\\d+\\.\\d+(-preview(\\.\\d+)?)?$",
      error: { status: 400, body: tfError("{message}", `${WEBAPI}.VssInvalidApiResourceVersionException`, WEBAPI) },
      message:
        'Invalid api version string: "{value}". Api version string must be in the format: {Major}.{Minor}[-preview[.{ResourceVersion}]].',
    },
    {
      param: "api-version",
      allow: "^([1-6]\\.\\d+|7\\.[0-2])(-preview(\\.\\d+)?)?$",
      error: { status: 400, body: tfError("{message}", `${WEBAPI}.VssVersionOutOfRangeException`, WEBAPI) },
      message:
        "The requested REST API version of {value} is out of range for this server. The latest REST API version this server supports is 7.2.",
    },
  ];
}
