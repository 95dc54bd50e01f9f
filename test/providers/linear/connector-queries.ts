/**
 * The GraphQL documents two open-source Linear connectors send, copied from their sources (whitespace of
 * YAML folded scalars collapsed to single spaces, as YAML's `>-` folding does; nothing else changed).
 */

/**
 * Airbyte `source-linear`: airbytehq/airbyte @ ba5fdf31460102753a6e98f3ed5bf5ffcfe9127d,
 * airbyte-integrations/connectors/source-linear/manifest.yaml (`definitions.streams.<stream>.retriever
 * .requester.request_body_json.query`; declarative manifest version 6.48.15). Every stream POSTs to
 * `url_base: https://api.linear.app/graphql`, path `/`, with the API key in `Authorization` as given.
 * - incremental streams (`incremental_sync_updated_at`, DatetimeBasedCursor on `updatedAt`): variables
 *   `{orderBy: "updatedAt", filter: {updatedAt: {gte: <start, %Y-%m-%dT%H:%M:%S.%fZ>}}}`, and on later pages
 *   `after` = the previous `pageInfo.endCursor` (page_token_option field_path [variables, after]);
 * - full-refresh streams (project_statuses, issue_relations, customer_statuses, customer_tiers): variables
 *   `{"after": endCursor}` only from the second page (`cursor_value` renders the variables object);
 * - every stream stops when `pageInfo.hasNextPage is false`; `issue_history` is a substream of `issues`
 *   (variables `issueId` = each issue's `id`, plus `after`).
 * The check stream is `issues`.
 */
export const AIRBYTE_SOURCE = "airbytehq/airbyte@ba5fdf3 airbyte-integrations/connectors/source-linear/manifest.yaml";

export interface AirbyteStream {
  name: string;
  /** The response field under `data` (record_selector field_path [data, <root>, nodes]). */
  root: string;
  incremental: boolean;
  query: string;
}

export const AIRBYTE: AirbyteStream[] = [
  {
    name: "issues",
    root: "issues",
    incremental: true,
    query:
      "query Issues($after: String, $filter: IssueFilter, $orderBy: PaginationOrderBy) { " +
      "issues(after: $after, first: 25, includeArchived: " +
      "true, filter: $filter, orderBy: $orderBy) { nodes { id addedToCycleAt addedToProjectAt " +
      "addedToTeamAt archivedAt assignee { id } autoArchivedAt autoClosedAt branchName " +
      "canceledAt completedAt createdAt creator { id } customerTicketCount cycle { id } " +
      "description descriptionState dueDate estimate identifier integrationSourceType labelIds " +
      "number parent { id } previousIdentifiers priority priorityLabel prioritySortOrder project " +
      "{ id } projectMilestone { id } reactionData snoozedBy { id } snoozedUntilAt sortOrder " +
      "startedAt state { id } startedTriageAt subIssueSortOrder team { id } title trashed " +
      "triagedAt updatedAt url attachments { nodes { id } } sourceComment { id } labels { nodes " +
      "{ id } } slaType slaStartedAt slaMediumRiskAt slaHighRiskAt slaBreachesAt relations { " +
      "nodes { id } } subscribers { nodes { id } } } pageInfo { hasNextPage endCursor } } }",
  },
  {
    name: "customers",
    root: "customers",
    incremental: true,
    query:
      "query Customers($after: String, $filter: CustomerFilter, $orderBy: PaginationOrderBy) { customers(after: $after, first: 50, " +
      "includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { approximateNeedCount " +
      "archivedAt createdAt domains externalIds id logoUrl name owner { id } revenue size " +
      "slackChannelId slugId status { id } tier { id } updatedAt } pageInfo { endCursor hasNextPage } } }",
  },
  {
    name: "users",
    root: "users",
    incremental: true,
    query:
      "query Users($after: String, $filter: UserFilter, $orderBy: PaginationOrderBy) { users(after: $after, first: 50, includeArchived: " +
      "true, filter: $filter, orderBy: $orderBy) { nodes { active admin archivedAt " +
      "avatarBackgroundColor avatarUrl calendarHash createdAt createdIssueCount description " +
      "disableReason displayName email guest id initials inviteHash isMe lastSeen name " +
      "statusEmoji statusLabel statusUntilAt teams { nodes { id } } timezone updatedAt url } " +
      "pageInfo { hasNextPage endCursor } } }",
  },
  {
    name: "comments",
    root: "comments",
    incremental: true,
    query:
      "query Comments($after: String, $filter: CommentFilter, $orderBy: PaginationOrderBy) { comments(after: $after, first: 50, " +
      "includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { archivedAt body " +
      "bodyData createdAt editedAt id issue { id } parent { id } quotedText resolvedAt " +
      "resolvingComment { id } resolvingUser { id } updatedAt url user { id } } pageInfo { " +
      "hasNextPage endCursor } } }",
  },
  {
    name: "cycles",
    root: "cycles",
    incremental: true,
    query:
      "query Cycles($after: String, $filter: CycleFilter, $orderBy: PaginationOrderBy) { " +
      "cycles(after: $after, first: 50, includeArchived: " +
      "true, filter: $filter, orderBy: $orderBy) { pageInfo { endCursor hasNextPage } nodes { " +
      "archivedAt autoArchivedAt completedAt completedIssueCountHistory completedScopeHistory " +
      "createdAt description id endsAt inProgressScopeHistory inheritedFrom { id } " +
      "issueCountHistory name number progress scopeHistory startsAt team { id } " +
      "uncompletedIssuesUponClose { nodes { id } } updatedAt } } }",
  },
  {
    name: "customer_needs",
    root: "customerNeeds",
    incremental: true,
    query:
      "query CustomerNeeds($after: String, $filter: CustomerNeedFilter, $orderBy: " +
      "PaginationOrderBy) { customerNeeds(after: $after, first: " +
      "50, includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { archivedAt body " +
      "bodyData comment { id } createdAt creator { id } customer { id } id issue { id } priority " +
      "project { id } updatedAt attachment { id } } pageInfo { hasNextPage endCursor } } }",
  },
  {
    name: "projects",
    root: "projects",
    incremental: true,
    query:
      "query Projects($after: String, $filter: ProjectFilter, $orderBy: PaginationOrderBy) { projects(after: $after, first: 25, " +
      "includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { archivedAt " +
      "autoArchivedAt canceledAt color completedAt completedIssueCountHistory " +
      "completedScopeHistory content contentState convertedFromIssue { id } createdAt creator { " +
      "id } description health healthUpdatedAt icon id inProgressScopeHistory issueCountHistory " +
      "lead { id } name priority prioritySortOrder progress projectUpdateRemindersPausedUntilAt " +
      "scope scopeHistory slugId sortOrder startDate startDateResolution startedAt status { id } " +
      "targetDate targetDateResolution teams { nodes { id } } trashed updateReminderFrequency " +
      "updateReminderFrequencyInWeeks updateRemindersDay updateRemindersHour updatedAt url } " +
      "pageInfo { endCursor hasNextPage } } }",
  },
  {
    name: "project_milestones",
    root: "projectMilestones",
    incremental: true,
    query:
      "query ProjectMilestones($after: String, $filter: ProjectMilestoneFilter, $orderBy: PaginationOrderBy) { projectMilestones(after: " +
      "$after, first: 50, includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { " +
      "archivedAt createdAt description descriptionState id name progress project { id } " +
      "sortOrder status targetDate updatedAt } pageInfo { hasNextPage endCursor } } }",
  },
  {
    name: "project_statuses",
    root: "projectStatuses",
    incremental: false,
    query:
      "query ProjectStatus($after: String) { projectStatuses(after: $after, first: 50, includeArchived: true) { nodes { archivedAt color " +
      "createdAt description id indefinite name position type updatedAt } pageInfo { endCursor " +
      "hasNextPage } } }",
  },
  {
    name: "issue_labels",
    root: "issueLabels",
    incremental: true,
    query:
      "query IssueLabels($after: String, $filter: IssueLabelFilter, $orderBy: PaginationOrderBy) { issueLabels(after: $after, first: 50, " +
      "includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { archivedAt color " +
      "createdAt creator { id } description id inheritedFrom { id } isGroup name parent { id } " +
      "team { id } updatedAt } pageInfo { endCursor hasNextPage } } }",
  },
  {
    name: "workflow_states",
    root: "workflowStates",
    incremental: true,
    query:
      "query WorkflowStates($after: String, $filter: WorkflowStateFilter, $orderBy: PaginationOrderBy) { workflowStates(after: $after, " +
      "first: 50, includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { " +
      "archivedAt color createdAt description id inheritedFrom { id } name position team { id } " +
      "type updatedAt } pageInfo { hasNextPage endCursor } } }",
  },
  {
    name: "teams",
    root: "teams",
    incremental: true,
    query:
      "query Teams($after: String, $filter: TeamFilter, $orderBy: PaginationOrderBy) { teams(after: $after, first: 25, includeArchived: " +
      "true, filter: $filter, orderBy: $orderBy) { nodes { activeCycle { id } archivedAt " +
      "autoArchivePeriod autoCloseChildIssues autoCloseParentIssues autoClosePeriod " +
      "autoCloseStateId color createdAt cycleCalenderUrl cycleCooldownTime cycleDuration " +
      "cycleIssueAutoAssignCompleted cycleIssueAutoAssignStarted cycleLockToActive cycleStartDay " +
      "cyclesEnabled defaultIssueEstimate defaultIssueState { id } description groupIssueHistory " +
      "icon id inviteHash issueCount issueEstimationAllowZero issueEstimationExtended " +
      "issueEstimationType joinByDefault key markedAsDuplicateWorkflowState { id } name parent { " +
      "id } private requirePriorityToLeaveTriage scimGroupName scimManaged " +
      "setIssueSortOrderOnStateChange timezone triageEnabled updatedAt upcomingCycleCount " +
      "triageIssueState { id } } pageInfo { endCursor hasNextPage } } }",
  },
  {
    name: "attachments",
    root: "attachments",
    incremental: true,
    query:
      "query Attachments($after: String, $filter: AttachmentFilter, $orderBy: PaginationOrderBy) { attachments(after: $after, first: 50, " +
      "includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { archivedAt createdAt " +
      "creator { id } groupBySource id issue { id } sourceType subtitle title updatedAt url } " +
      "pageInfo { endCursor hasNextPage } } }",
  },
  {
    name: "issue_relations",
    root: "issueRelations",
    incremental: false,
    query:
      "query IssueRelations($after: String) { issueRelations(after: $after, first: 50, includeArchived: true) { nodes { archivedAt " +
      "createdAt id issue { id } relatedIssue { id } type updatedAt } pageInfo { endCursor " +
      "hasNextPage } } }",
  },
  {
    name: "customer_statuses",
    root: "customerStatuses",
    incremental: false,
    query:
      "query CustomerStatus($after: String) { customerStatuses(after: $after, first: 50, " +
      "includeArchived: true) { nodes { archivedAt color " +
      "createdAt description id name position type updatedAt } pageInfo { endCursor hasNextPage } } }",
  },
  {
    name: "customer_tiers",
    root: "customerTiers",
    incremental: false,
    query:
      "query CustomerTiers($after: String) { customerTiers(after: $after, first: 50, includeArchived: true) { nodes { archivedAt color " +
      "createdAt description displayName id name position updatedAt } pageInfo { endCursor " +
      "hasNextPage } } }",
  },
  {
    name: "initiatives",
    root: "initiatives",
    incremental: true,
    query:
      "query Initiatives($after: String, $filter: InitiativeFilter, $orderBy: PaginationOrderBy) { initiatives(after: $after, first: 25, " +
      "includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { archivedAt " +
      "canceledAt color completedAt createdAt creator { id } description health healthUpdatedAt " +
      "icon id name owner { id } slugId sortOrder startedAt status targetDate " +
      "targetDateResolution trashed updatedAt url } pageInfo { endCursor hasNextPage } } }",
  },
  {
    name: "initiative_to_projects",
    root: "initiativeToProjects",
    incremental: false,
    query:
      "query InitiativeToProjects($after: String) { initiativeToProjects(after: $after, first: 50, includeArchived: true) { nodes { " +
      "archivedAt createdAt id initiative { id } project { id } sortOrder updatedAt } pageInfo { " +
      "endCursor hasNextPage } } }",
  },
  {
    name: "project_updates",
    root: "projectUpdates",
    incremental: true,
    query:
      "query ProjectUpdates($after: String, $filter: ProjectUpdateFilter, $orderBy: PaginationOrderBy) { projectUpdates(after: $after, " +
      "first: 25, includeArchived: true, filter: $filter, orderBy: $orderBy) { nodes { " +
      "archivedAt body createdAt editedAt health id infoSnapshot isDiffHidden project { id } " +
      "reactionData slugId updatedAt url user { id } } pageInfo { endCursor hasNextPage } } }",
  },
];

/** `issue_history`: the substream of `issues` (partition field `issue_id`, injected as `variables.issueId`). */
export const AIRBYTE_ISSUE_HISTORY =
  "query IssueHistory($issueId: String!, $after: String) { issue(id: $issueId) { " +
  "history(after: $after, first: 50, includeArchived: true) { " +
  "nodes { actorId addedLabelIds archived archivedAt attachmentId autoArchived autoClosed " +
  "createdAt customerNeedId fromAssigneeId fromCycleId fromDueDate fromEstimate fromParentId " +
  "fromPriority fromProjectId fromStateId fromTeamId fromTitle id removedLabelIds " +
  "toAssigneeId toConvertedProjectId toCycleId toDueDate toEstimate toParentId toPriority " +
  "toProjectId toStateId toTeamId toTitle trashed updatedAt updatedDescription } pageInfo { " +
  "endCursor hasNextPage } } } }";

/**
 * An older revision of the same manifest (airbytehq/airbyte @ 07a00f0fd36467180b577646b7925a2dd2e113b7,
 * declarative version 6.45.0) selected `Comment.summaryText`, which Linear removed from its schema on
 * 2025-05-13 (linear/linear 687ee7fb, "[Internal] A generated summary of the comment thread" became
 * `threadSummary: JSONObject`); the current manifest no longer selects it.
 */
export const AIRBYTE_OLD_COMMENTS =
  "query Comments($after: String) { comments(after: $after, first: 50) { nodes { archivedAt " +
  "body bodyData  createdAt editedAt id issue { id " +
  "} parent { id } quotedText resolvedAt resolvingComment { id } resolvingUser { id } " +
  "summaryText updatedAt url user { id } } pageInfo { hasNextPage endCursor } }}";

/**
 * DevLake's linear plugin (apache/incubator-devlake, backend/plugins/linear/tasks/*_collector.go), built
 * by its GraphQL client (github.com/merico-ai/graphql, a fork of shurcooL/graphql: `constructQuery`
 * writes `query(<$name:Type> sorted by name, no commas)` then the struct as `{field,field}`, fields named
 * by `ident.ParseMixedCaps(name).ToLowerCamelCase()` or by their `graphql:"…"` tag; a pointer variable
 * is nullable, a value one `!`). Page size 100 (`PageSize: 100`), `skipCursor` null then
 * `pageInfo.endCursor` while `hasNextPage` (helpers/pluginhelper/api/graphql_collector.go fetchOneByOne).
 * Authorization: the API key verbatim (tasks/api_client.go linearTransport).
 */
export const DEVLAKE_SOURCE = "apache/incubator-devlake backend/plugins/linear";
const PAGE = "pageInfo{endCursor,hasNextPage}";
export const DEVLAKE = {
  /** api/connection_api.go testConnection: `{ viewer { id name } }` sent as is. */
  testConnection: "{ viewer { id name } }",
  /** tasks/api_client.go NewLinearGraphqlClient: the rate-limit probe `graphqlQueryViewer`, no variables. */
  probe: "{viewer{id}}",
  /** api/remote_api.go listLinearRemoteScopes (the team picker), with `, after: "<cursor>"` from page 2. */
  teams: (after?: string) =>
    `query { teams(first: 100${after ? `, after: ${JSON.stringify(after)}` : ""}) { nodes { id name key description } pageInfo { ` +
    `hasNextPage endCursor } } }`,
  /** tasks/account_collector.go GraphqlQueryAccountWrapper. */
  users:
    `query($pageSize:Int!$skipCursor:String){users(first: $pageSize, after: ` +
    `$skipCursor){nodes{id,name,displayName,email,avatarUrl,active},${PAGE}}}`,
  /** tasks/workflow_state_collector.go GraphqlQueryWorkflowStateWrapper. */
  states:
    `query($pageSize:Int!$skipCursor:String$teamId:String!){team(id: $teamId){states(first: $pageSize, after: $skipCursor){nodes{id,` +
    `name,type,color,position},${PAGE}}}}`,
  /** tasks/issue_collector.go GraphqlQueryIssueWrapper; `filter` is `{}` or `{updatedAt: {gt: since}}` (buildIssueFilter). */
  issues:
    `query($filter:IssueFilter!$pageSize:Int!$skipCursor:String$teamId:String!){team(id: $teamId){issues(first: $pageSize, after: ` +
    `$skipCursor, orderBy: updatedAt, filter: $filter){nodes{id,identifier,number,title,` +
    `description,url,priority,estimate,createdAt,updatedAt,startedAt,completedAt,canceledAt,` +
    `state{id,name,type},assignee{id},creator{id},cycle{id},parent{id},labels(first: ` +
    `50){nodes{id,name}}},${PAGE}}}}`,
  /** tasks/comment_collector.go GraphqlQueryCommentWrapper, one per issue. */
  comments:
    `query($issueId:String!$pageSize:Int!$skipCursor:String){issue(id: $issueId){comments(first: $pageSize, after: ` +
    `$skipCursor){nodes{id,body,createdAt,updatedAt,user{id}},${PAGE}}}}`,
  /** tasks/cycle_collector.go GraphqlQueryCycleWrapper. */
  cycles:
    `query($pageSize:Int!$skipCursor:String$teamId:String!){team(id: $teamId){cycles(first: $pageSize, after: $skipCursor){nodes{id,` +
    `number,name,startsAt,endsAt,completedAt},${PAGE}}}}`,
  /** tasks/issue_history_collector.go GraphqlQueryHistoryWrapper, one per issue. */
  history:
    `query($issueId:String!$pageSize:Int!$skipCursor:String){issue(id: $issueId){history(first: $pageSize, after: ` +
    `$skipCursor){nodes{id,createdAt,actor{id},fromState{id,name,type},toState{id,name,type}},${PAGE}}}}`,
};
