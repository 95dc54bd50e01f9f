import { z } from "zod";

/**
 * Validators for the Jira Cloud REST v3 and Agile 1.0 responses the pins serve. Atlassian publishes its
 * OpenAPI descriptions (swagger-v3.v3.json for the platform, the Jira Software one for Agile) only on
 * developer.atlassian.com, which is not reachable offline here, and jira.js ships TypeScript interfaces
 * (not runtime validators) for all but the statuses API. So these are written from those descriptions'
 * component schemas (UserDetails, User, Project, IssueBean, PageBeanProject, PageOfComments, Comment,
 * PageOfWorklogs, Worklog, PageBeanChangelog, Changelog, ChangeDetails, StatusDetails, StatusCategory,
 * Priority, IssueTypeDetails, Resolution, FieldDetails, ServerInformation, RemoteIssueLink, Watchers,
 * Votes, Attachment, SearchAndReconcileResults; Agile's Board, Sprint and issue pages), and from the
 * examples Atlassian gives with them. Objects are strict: a property the schema does not define fails,
 * as does a missing required one or a wrong type. `statuses/search` is also checked by jira.js's own
 * strict zod schema in the SDK test.
 */

const jiraTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{4}$/, "a Jira timestamp (2026-04-02T18:14:00.000+0900)");
const isoTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, "an ISO timestamp");
const url = z.string().regex(/^https?:\/\/[^\s]+$/, "an absolute URL");
const numericId = z.string().regex(/^\d+$/, "a numeric id string");
const accountId = z.string().regex(/^[0-9a-f]{24}$/, "an account id");
const issueKey = z.string().regex(/^[A-Z][A-Z0-9]+-\d+$/, "an issue key");
const avatarUrls = z.strictObject({ "48x48": url, "24x24": url, "16x16": url, "32x32": url });

// Atlassian Document Format: the nodes these pins write.
const mark = z.union([
  z.strictObject({ type: z.literal("link"), attrs: z.strictObject({ href: url }) }),
  z.strictObject({ type: z.literal("code") }),
]);
const text = z.strictObject({ type: z.literal("text"), text: z.string().min(1), marks: z.array(mark).optional() });
const adf = z.strictObject({
  type: z.literal("doc"),
  version: z.literal(1),
  content: z.array(z.strictObject({ type: z.literal("paragraph"), content: z.array(text) })),
});

const userDetails = z.strictObject({
  self: url,
  accountId,
  emailAddress: z.string().email(),
  avatarUrls,
  displayName: z.string(),
  active: z.boolean(),
  timeZone: z.string(),
  accountType: z.enum(["atlassian", "app", "customer"]),
});
/** An app account as Jira embeds one (Automation for Jira, on the live site's stale-work comments): no email, time zone or locale. */
const appDetails = z.strictObject({
  self: url,
  accountId: z.string().regex(/^557058:[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/, "an app account id"),
  accountType: z.literal("app"),
  avatarUrls,
  displayName: z.string(),
  active: z.boolean(),
});
const userListed = z.strictObject({
  self: url,
  accountId,
  accountType: z.enum(["atlassian", "app", "customer"]),
  emailAddress: z.string().email(),
  avatarUrls,
  displayName: z.string(),
  active: z.boolean(),
  timeZone: z.string(),
  locale: z.string(),
});
const user = userListed
  .extend({
    groups: z.strictObject({ size: z.number().int(), items: z.array(z.unknown()) }),
    applicationRoles: z.strictObject({ size: z.number().int(), items: z.array(z.unknown()) }),
    expand: z.string(),
  })
  .strict();

const statusCategory = z.strictObject({
  self: url,
  id: z.number().int(),
  key: z.enum(["undefined", "new", "indeterminate", "done"]),
  colorName: z.string(),
  name: z.string(),
});
const status = z.strictObject({
  self: url,
  description: z.string(),
  iconUrl: url,
  name: z.string(),
  untranslatedName: z.string(),
  id: numericId,
  statusCategory,
});
const priority = z.strictObject({ self: url, iconUrl: url, name: z.string(), id: numericId });
const priorityFull = priority
  .extend({ statusColor: z.string().regex(/^#[0-9a-fA-F]{6}$/), description: z.string(), isDefault: z.boolean() })
  .strict();
const issueType = z.strictObject({
  self: url,
  id: numericId,
  description: z.string(),
  iconUrl: url,
  name: z.string(),
  untranslatedName: z.string(),
  subtask: z.boolean(),
  avatarId: z.number().int(),
  hierarchyLevel: z.number().int(),
});
// IssueLinkType; PageBeanGroupDetails (GroupDetails), PageBeanString (labels), PageBeanFilterDetails,
// PageBeanResolutionJsonBean, PageBeanPriority, ProjectCategory, PageBeanWorkflow (Workflow, PublishedWorkflowId),
// ApplicationRole (GroupName).
const issueLinkType = z.strictObject({ id: numericId, name: z.string(), inward: z.string(), outward: z.string(), self: url });
const groupName = z.strictObject({ groupId: z.string().uuid(), name: z.string(), self: url });
const applicationRole = z.strictObject({
  key: z.string(),
  groups: z.array(z.string()),
  groupDetails: z.array(groupName),
  name: z.string(),
  defaultGroups: z.array(z.string()),
  defaultGroupsDetails: z.array(groupName),
  selectedByDefault: z.boolean(),
  defined: z.boolean(),
  numberOfSeats: z.number().int(),
  remainingSeats: z.number().int(),
  userCount: z.number().int(),
  userCountDescription: z.string(),
  hasUnlimitedSeats: z.boolean(),
  platform: z.boolean(),
});
const resolution = z.strictObject({ self: url, id: numericId, description: z.string(), name: z.string() });
const projectRef = z.strictObject({
  self: url,
  id: numericId,
  key: z.string(),
  name: z.string(),
  projectTypeKey: z.string(),
  simplified: z.boolean(),
  avatarUrls,
});
const projectListed = z.strictObject({
  expand: z.string(),
  self: url,
  id: numericId,
  key: z.string(),
  name: z.string(),
  avatarUrls,
  projectTypeKey: z.string(),
  simplified: z.boolean(),
  style: z.enum(["classic", "next-gen"]),
  isPrivate: z.boolean(),
  properties: z.record(z.string(), z.unknown()),
});
const projectFull = projectListed
  .extend({
    description: z.string(),
    lead: z.strictObject({ self: url, accountId, avatarUrls, displayName: z.string(), active: z.boolean() }),
    components: z.array(z.unknown()),
    issueTypes: z.array(issueType),
    assigneeType: z.enum(["PROJECT_LEAD", "UNASSIGNED"]),
    versions: z.array(z.unknown()),
    roles: z.record(z.string(), url),
  })
  .strict();

const commentAuthor = z.union([userDetails, appDetails]);
const comment = z.strictObject({
  self: url,
  id: numericId,
  author: commentAuthor,
  body: adf,
  updateAuthor: commentAuthor,
  created: jiraTime,
  updated: jiraTime,
  jsdPublic: z.boolean(),
});
const worklog = z.strictObject({
  self: url,
  author: userDetails,
  updateAuthor: userDetails,
  comment: adf,
  created: jiraTime,
  updated: jiraTime,
  started: jiraTime,
  timeSpent: z.string().regex(/^(\d+[wdhm] ?)+$/),
  timeSpentSeconds: z.number().int().positive(),
  id: numericId,
  issueId: numericId,
});
const changeItem = z.strictObject({
  field: z.string(),
  fieldtype: z.enum(["jira", "custom"]),
  fieldId: z.string(),
  from: z.string().nullable(),
  fromString: z.string().nullable(),
  to: z.string().nullable(),
  toString: z.string().nullable(),
  tmpFromAccountId: z.string().nullable().optional(),
  tmpToAccountId: z.string().nullable().optional(),
});
const history = z.strictObject({ id: numericId, author: userDetails, created: jiraTime, items: z.array(changeItem).min(1) });
const attachment = z.strictObject({
  self: url,
  id: numericId,
  filename: z.string(),
  author: userDetails,
  created: jiraTime,
  size: z.number().int(),
  mimeType: z.string(),
  content: url,
});
const sprintField = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(["closed", "active", "future"]),
  boardId: z.number().int(),
  goal: z.string(),
  startDate: isoTime,
  endDate: isoTime,
  completeDate: isoTime.optional(),
  self: url.optional(),
});
const progress = z.strictObject({ progress: z.number().int(), total: z.number().int(), percent: z.number().int().optional() });

const fields = z.strictObject({
  statuscategorychangedate: jiraTime,
  issuetype: issueType,
  timespent: z.number().int().nullable(),
  project: projectRef,
  fixVersions: z.array(z.unknown()),
  aggregatetimespent: z.number().int().nullable(),
  resolution: resolution.nullable(),
  resolutiondate: jiraTime.nullable(),
  workratio: z.number().int(),
  watches: z.strictObject({ self: url, watchCount: z.number().int(), isWatching: z.boolean() }),
  lastViewed: jiraTime.nullable(),
  created: jiraTime,
  customfield_10020: z.array(sprintField).nullable(),
  priority,
  labels: z.array(z.string()),
  customfield_10016: z.number().nullable(),
  customfield_10019: z.string().regex(/^0\|[0-9a-z]+:$/),
  timeestimate: z.number().int().nullable(),
  aggregatetimeoriginalestimate: z.number().int().nullable(),
  versions: z.array(z.unknown()),
  issuelinks: z.array(z.unknown()),
  assignee: userDetails.nullable(),
  updated: jiraTime,
  status,
  components: z.array(z.unknown()),
  timeoriginalestimate: z.number().int().nullable(),
  description: adf.nullable(),
  customfield_10000: z.string(),
  timetracking: z.union([
    z.strictObject({}),
    z.strictObject({
      remainingEstimate: z.string(),
      timeSpent: z.string(),
      remainingEstimateSeconds: z.number().int(),
      timeSpentSeconds: z.number().int(),
    }),
  ]),
  security: z.null(),
  attachment: z.array(attachment),
  aggregatetimeestimate: z.number().int().nullable(),
  summary: z.string(),
  creator: userDetails,
  subtasks: z.array(z.unknown()),
  reporter: userDetails,
  aggregateprogress: progress,
  environment: z.null(),
  duedate: z.null(),
  progress,
  votes: z.strictObject({ self: url, votes: z.number().int(), hasVoted: z.boolean() }),
  comment: z.strictObject({
    comments: z.array(comment),
    self: url,
    maxResults: z.number().int(),
    total: z.number().int(),
    startAt: z.number().int(),
  }),
  worklog: z.strictObject({ startAt: z.number().int(), maxResults: z.number().int(), total: z.number().int(), worklogs: z.array(worklog) }),
});
const agileFields = fields
  .extend({ sprint: sprintField.nullable(), closedSprints: z.array(sprintField), flagged: z.boolean(), epic: z.null() })
  .strict();

const issue = z.strictObject({ expand: z.string(), id: numericId, self: url, key: issueKey, fields });
const issueExpanded = issue
  .extend({
    names: z.record(z.string(), z.string()),
    changelog: z.strictObject({
      startAt: z.number().int(),
      maxResults: z.number().int(),
      total: z.number().int(),
      histories: z.array(history),
    }),
  })
  .strict();
const agileIssue = z.strictObject({ expand: z.string(), id: numericId, self: url, key: issueKey, fields: agileFields });
/** A board's issue with `expand=changelog`: the changelog after the fields. */
const agileIssueExpanded = agileIssue.extend({ changelog: issueExpanded.shape.changelog });

const pageBean = <T extends z.ZodType>(value: T) =>
  z.strictObject({
    self: url,
    nextPage: url.optional(),
    maxResults: z.number().int(),
    startAt: z.number().int(),
    total: z.number().int(),
    isLast: z.boolean(),
    values: z.array(value),
  });
const legacyPage = <K extends string, T extends z.ZodType>(key: K, value: T) =>
  z.strictObject({
    startAt: z.number().int(),
    maxResults: z.number().int(),
    total: z.number().int(),
    [key]: z.array(value),
  } as { startAt: z.ZodNumber; maxResults: z.ZodNumber; total: z.ZodNumber } & Record<K, z.ZodArray<T>>);
const agilePage = <T extends z.ZodType>(value: T) =>
  z.strictObject({
    maxResults: z.number().int(),
    startAt: z.number().int(),
    total: z.number().int(),
    isLast: z.boolean(),
    values: z.array(value),
  });
const agileIssuePage = z.strictObject({
  expand: z.string(),
  startAt: z.number().int(),
  maxResults: z.number().int(),
  total: z.number().int(),
  issues: z.array(z.union([agileIssue, agileIssueExpanded])),
});

const board = z.strictObject({
  id: z.number().int(),
  self: url,
  name: z.string(),
  type: z.enum(["scrum", "kanban", "simple"]),
  location: z.strictObject({
    projectId: z.number().int(),
    displayName: z.string(),
    projectName: z.string(),
    projectKey: z.string(),
    projectTypeKey: z.string(),
    avatarURI: url,
    name: z.string(),
  }),
});
const sprint = z.strictObject({
  id: z.number().int(),
  self: url,
  state: z.enum(["closed", "active", "future"]),
  name: z.string(),
  startDate: isoTime,
  endDate: isoTime,
  completeDate: isoTime.optional(),
  createdDate: isoTime,
  originBoardId: z.number().int(),
  goal: z.string(),
});

const workflowStatus = z.strictObject({
  id: numericId,
  name: z.string(),
  description: z.string(),
  scope: z.strictObject({ type: z.enum(["GLOBAL", "PROJECT"]) }),
  statusCategory: z.enum(["TODO", "IN_PROGRESS", "DONE"]),
});
const field = z.strictObject({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  untranslatedName: z.string().optional(),
  custom: z.boolean(),
  orderable: z.boolean(),
  navigable: z.boolean(),
  searchable: z.boolean(),
  clauseNames: z.array(z.string()),
  schema: z
    .strictObject({
      type: z.string(),
      items: z.string().optional(),
      system: z.string().optional(),
      custom: z.string().optional(),
      customId: z.number().int().optional(),
    })
    .optional(),
});
const serverInfo = z.strictObject({
  baseUrl: url,
  displayUrl: url,
  version: z.string(),
  versionNumbers: z.array(z.number().int()),
  deploymentType: z.literal("Cloud"),
  buildNumber: z.number().int(),
  buildDate: jiraTime,
  serverTime: jiraTime,
  scmInfo: z.string(),
  serverTitle: z.string(),
  defaultLocale: z.strictObject({ locale: z.string() }),
  serverTimeZone: z.string(),
});
const remoteLink = z.strictObject({
  id: z.number().int(),
  self: url,
  globalId: z.string(),
  application: z.strictObject({ type: z.string(), name: z.string() }),
  relationship: z.string(),
  object: z.strictObject({
    url,
    title: z.string(),
    icon: z.strictObject({ url16x16: url, title: z.string() }),
    status: z.strictObject({ resolved: z.boolean(), icon: z.strictObject({}) }),
  }),
});
const projectStatuses = z.array(
  z.strictObject({ self: url, id: numericId, name: z.string(), subtask: z.boolean(), statuses: z.array(status) }),
);
// Dashboard (PageOfDashboards), ProjectType, ProjectRole (RoleActor), ApplicationProperty, Permissions
// (UserPermission), FilterDetails (SharePermission, FilterSubscriptionsList), Transitions
// (IssueTransition), PropertyKeys, PageBeanVersion and PageBeanComponentWithIssueCount (empty here), the
// Agile board configuration (GetConfiguration), and the dev-status panel (undocumented: written from the
// answers DevLake's e2e fixtures hold, backend/plugins/jira/e2e/raw_tables/_raw_jira_api_development_panels.csv).
const ownerRef = z.strictObject({ self: url, accountId, avatarUrls, displayName: z.string(), active: z.boolean() });
const sharePermission = z.union([
  z.strictObject({ type: z.literal("global") }),
  z.strictObject({ id: z.number().int(), type: z.literal("project"), project: projectRef }),
]);
const dashboard = z.strictObject({
  description: z.string().optional(),
  id: numericId,
  isFavourite: z.boolean(),
  name: z.string(),
  owner: ownerRef.optional(),
  popularity: z.number().int(),
  self: url,
  sharePermissions: z.array(sharePermission),
  editPermissions: z.array(z.unknown()),
  isWritable: z.boolean(),
  systemDashboard: z.boolean(),
  view: z.string().startsWith("/jira/dashboards/"),
});
const dashboardPage = z.strictObject({
  startAt: z.number().int(),
  maxResults: z.number().int(),
  total: z.number().int(),
  dashboards: z.array(dashboard),
});
const projectType = z.strictObject({
  key: z.string(),
  formattedKey: z.string(),
  descriptionI18nKey: z.string(),
  icon: z.string().regex(/^[A-Za-z0-9+/]+=*$/),
  color: z.string().regex(/^#[0-9A-F]{6}$/),
});
const projectRole = z.strictObject({
  self: url,
  name: z.string(),
  id: z.number().int(),
  description: z.string(),
  actors: z.array(
    z.strictObject({
      id: z.number().int(),
      displayName: z.string(),
      type: z.literal("atlassian-group-role-actor"),
      name: z.string(),
      actorGroup: z.strictObject({ name: z.string(), displayName: z.string(), groupId: z.string().uuid() }),
    }),
  ),
});
const applicationProperty = z.strictObject({
  id: z.string(),
  key: z.string(),
  value: z.string(),
  name: z.string(),
  desc: z.string(),
  type: z.enum(["string", "boolean", "number"]),
  defaultValue: z.string(),
});
const permissionsBody = z.strictObject({
  permissions: z.record(
    z.string(),
    z.strictObject({ key: z.string(), name: z.string(), type: z.enum(["GLOBAL", "PROJECT"]), description: z.string() }),
  ),
});
const filterDetails = z.strictObject({
  expand: z.string(),
  self: url,
  id: numericId,
  name: z.string(),
  description: z.string(),
  owner: ownerRef,
  jql: z.string(),
  viewUrl: url,
  searchUrl: url,
  favourite: z.boolean(),
  favouritedCount: z.number().int(),
  sharePermissions: z.array(sharePermission),
  editPermissions: z.array(z.unknown()),
  isWritable: z.boolean(),
  subscriptions: z.strictObject({
    size: z.number().int(),
    items: z.array(z.unknown()),
    "max-results": z.number().int(),
    "start-index": z.number().int(),
    "end-index": z.number().int(),
  }),
});
const transitions = z.strictObject({
  expand: z.literal("transitions"),
  transitions: z.array(
    z.strictObject({
      id: numericId,
      name: z.string(),
      to: status,
      hasScreen: z.boolean(),
      isGlobal: z.boolean(),
      isInitial: z.boolean(),
      isAvailable: z.boolean(),
      isConditional: z.boolean(),
      isLooped: z.boolean(),
    }),
  ),
});
const statusRef = z.strictObject({ id: numericId, self: url });
const boardConfiguration = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(["scrum", "kanban"]),
  self: url,
  location: z.strictObject({ type: z.literal("project"), key: z.string(), id: numericId, self: url, name: z.string() }),
  filter: z.strictObject({ id: numericId, self: url }),
  subQuery: z.strictObject({ query: z.string() }),
  columnConfig: z.strictObject({
    columns: z.array(z.strictObject({ name: z.string(), statuses: z.array(statusRef) })),
    constraintType: z.string(),
  }),
  estimation: z.strictObject({ type: z.literal("field"), field: z.strictObject({ fieldId: z.string(), displayName: z.string() }) }),
  ranking: z.strictObject({ rankCustomFieldId: z.number().int() }),
});
const devAuthor = z.strictObject({ name: z.string(), avatar: url });
const devCommit = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{40}$/),
  displayId: z.string().regex(/^[0-9a-f]{7}$/),
  authorTimestamp: jiraTime,
  url,
  author: devAuthor,
  fileCount: z.number().int(),
  merge: z.boolean(),
  message: z.string(),
  files: z
    .array(
      z.strictObject({
        path: z.string(),
        url,
        changeType: z.enum(["ADDED", "MODIFIED", "DELETED"]),
        linesAdded: z.number().int(),
        linesRemoved: z.number().int(),
      }),
    )
    .max(10),
});
const devRepo = z.strictObject({ id: numericId, name: z.string(), url, avatar: url });
const devPull = z.strictObject({
  author: devAuthor,
  id: z.string().regex(/^#\d+$/),
  name: z.string(),
  commentCount: z.number().int(),
  source: z.strictObject({ branch: z.string(), url }),
  destination: z.strictObject({ branch: z.string(), url }),
  reviewers: z.array(z.strictObject({ name: z.string(), avatar: url, approved: z.boolean() })),
  status: z.enum(["OPEN", "MERGED", "DECLINED"]),
  url,
  lastUpdate: jiraTime,
  repositoryId: numericId,
  repositoryName: z.string(),
  repositoryUrl: url,
  repositoryAvatarUrl: url,
});
const devInstance = z.strictObject({
  singleInstance: z.boolean(),
  baseUrl: url,
  name: z.string(),
  typeName: z.string(),
  id: z.string(),
  type: z.string(),
});
const devStatus = z.strictObject({
  errors: z.array(z.never()),
  detail: z
    .array(
      z.union([
        z.strictObject({ repositories: z.array(devRepo.extend({ commits: z.array(devCommit) }).strict()), _instance: devInstance }),
        z.strictObject({
          branches: z.array(
            z.strictObject({
              name: z.string(),
              url,
              createPullRequestUrl: url,
              repository: devRepo.extend({ commits: z.array(z.never()) }).strict(),
              lastCommit: devCommit.optional(),
            }),
          ),
          pullRequests: z.array(devPull),
          repositories: z.array(z.never()),
          _instance: devInstance,
        }),
      ]),
    )
    .length(1),
});

const error = z.strictObject({ errorMessages: z.array(z.string()).min(1), errors: z.record(z.string(), z.string()) });

/** The served paths (resource keys without the query), each with its schema; first match wins. */
// Administration (admin.ts), from Avatar, PermissionScheme, NotificationScheme, WorkflowScheme, IssueTypeScheme,
// IssueTypeSchemeMapping, IssueTypeScreenScheme, ScreenScheme, Screen, ScreenableTab, ScreenableField,
// FieldConfiguration, CustomFieldContext, TimeTrackingProvider, ColumnItem, SharePermission, ProjectEmailAddress.
const avatar = z.strictObject({
  id: numericId,
  isDeletable: z.boolean(),
  isSelected: z.boolean(),
  isSystemAvatar: z.boolean(),
  urls: z.strictObject({ "16x16": url, "24x24": url, "32x32": url, "48x48": url }),
});
const schemeRef = z.strictObject({ expand: z.string(), id: z.number().int(), self: url, name: z.string(), description: z.string() });
const workflowScheme = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  defaultWorkflow: z.string(),
  issueTypeMappings: z.record(z.string(), z.string()),
  self: url,
});
const issueTypeScheme = z.strictObject({
  id: numericId,
  name: z.string(),
  description: z.string(),
  defaultIssueTypeId: numericId.optional(),
  isDefault: z.boolean(),
});
const timeTrackingProvider = z.strictObject({ key: z.string(), name: z.string(), url: z.string() });
const idName = z.strictObject({ id: numericId, name: z.string(), description: z.string() });
const ADMIN_ROUTES: Array<[RegExp, z.ZodType]> = [
  [/^rest\/api\/3\/avatar\/(issuetype|project|user)\/system$/, z.strictObject({ system: z.array(avatar) })],
  [/^rest\/api\/3\/project\/[A-Z0-9]+\/avatars$/, z.strictObject({ system: z.array(avatar), custom: z.array(avatar) })],
  [/^rest\/api\/3\/project\/[A-Z0-9]+\/email$/, z.strictObject({ emailAddress: z.string().email() })],
  [/^rest\/api\/3\/project\/[A-Z]+\/securitylevel$/, z.strictObject({ levels: z.array(z.never()) })],
  [/^rest\/api\/3\/issuesecurityschemes$/, z.strictObject({ issueSecuritySchemes: z.array(z.never()) })],
  [/^rest\/api\/3\/permissionscheme$/, z.strictObject({ permissionSchemes: z.array(schemeRef) })],
  [/^rest\/api\/3\/notificationscheme$/, pageBean(schemeRef)],
  [/^rest\/api\/3\/workflowscheme$/, pageBean(workflowScheme)],
  [/^rest\/api\/3\/workflowscheme\/\d+$/, workflowScheme],
  [/^rest\/api\/3\/(permissionscheme|notificationscheme)\/\d+$/, schemeRef],
  [/^rest\/api\/3\/issuetypescheme$/, pageBean(issueTypeScheme)],
  [/^rest\/api\/3\/issuetypescheme\/mapping$/, pageBean(z.strictObject({ issueTypeSchemeId: numericId, issueTypeId: numericId }))],
  [/^rest\/api\/3\/issuetypescreenscheme$/, pageBean(idName)],
  [
    /^rest\/api\/3\/screenscheme$/,
    pageBean(
      z.strictObject({
        id: z.number().int(),
        name: z.string(),
        description: z.string(),
        screens: z.strictObject({ default: z.number().int() }),
      }),
    ),
  ],
  [/^rest\/api\/3\/screens$/, pageBean(z.strictObject({ id: z.number().int(), name: z.string(), description: z.string() }))],
  [/^rest\/api\/3\/screens\/\d+\/tabs$/, z.array(z.strictObject({ id: z.number().int(), name: z.string() }))],
  [/^rest\/api\/3\/screens\/\d+\/tabs\/\d+\/fields$/, z.array(z.strictObject({ id: z.string(), name: z.string() }))],
  [
    /^rest\/api\/3\/fieldconfiguration$/,
    pageBean(z.strictObject({ id: z.number().int(), name: z.string(), description: z.string(), isDefault: z.boolean() })),
  ],
  [/^rest\/api\/3\/fieldconfigurationscheme$/, pageBean(z.never()).omit({ nextPage: true }).strict()],
  [
    /^rest\/api\/3\/field\/customfield_\d+\/context$/,
    pageBean(
      z.strictObject({
        id: numericId,
        name: z.string(),
        description: z.string(),
        isGlobalContext: z.boolean(),
        isAnyIssueType: z.boolean(),
      }),
    ),
  ],
  [/^rest\/api\/3\/configuration\/timetracking\/list$/, z.array(timeTrackingProvider)],
  [/^rest\/api\/3\/configuration\/timetracking$/, timeTrackingProvider],
  [/^rest\/api\/3\/settings\/columns$/, z.array(z.strictObject({ label: z.string(), value: z.string() }))],
  [/^rest\/api\/3\/filter\/\d+\/permission$/, z.array(sharePermission)],
];

const ROUTES: Array<[RegExp, z.ZodType]> = [
  ...ADMIN_ROUTES,
  [/^rest\/api\/3\/serverInfo$/, serverInfo],
  [
    /^rest\/api\/3\/(myself|user)$/,
    z.union([
      user,
      appDetails.extend({ groups: user.shape.groups, applicationRoles: user.shape.applicationRoles, expand: z.string() }).strict(),
    ]),
  ],
  [/^rest\/api\/3\/(users?\/search|user\/assignable\/multiProjectSearch)$/, z.array(userListed)],
  // As DevLake's recording of `api/2/project` lists them: without expansions (decision 0034 adds them).
  [/^rest\/api\/3\/project$/, z.array(projectListed)],
  [/^rest\/api\/3\/project\/search$/, pageBean(projectListed)],
  [/^rest\/api\/3\/project\/[A-Z]+$/, projectFull],
  [/^rest\/api\/3\/project\/[A-Z]+\/statuses$/, projectStatuses],
  [/^rest\/api\/3\/field$/, z.array(field)],
  [/^rest\/api\/3\/status$/, z.array(status)],
  [/^rest\/api\/3\/status\/\d+$/, status],
  [/^rest\/api\/3\/statuses$/, z.array(workflowStatus)],
  [/^rest\/api\/3\/statuses\/search$/, pageBean(workflowStatus).omit({ nextPage: true }).strict()],
  [/^rest\/api\/3\/statuscategory$/, z.array(statusCategory)],
  [/^rest\/api\/3\/statuscategory\/\d+$/, statusCategory],
  [/^rest\/api\/3\/priority$/, z.array(priorityFull)],
  [/^rest\/api\/3\/priority\/\d+$/, priorityFull],
  [/^rest\/api\/3\/issuetype$/, z.array(issueType)],
  [/^rest\/api\/3\/issuetype\/\d+$/, issueType],
  [/^rest\/api\/3\/resolution$/, z.array(resolution)],
  [/^rest\/api\/3\/resolution\/\d+$/, resolution],
  [/^rest\/api\/3\/priority\/search$/, pageBean(priorityFull)],
  [
    /^rest\/api\/3\/resolution\/search$/,
    pageBean(z.strictObject({ description: z.string(), id: numericId, isDefault: z.boolean(), name: z.string() })),
  ],
  [/^rest\/api\/3\/issueLinkType$/, z.strictObject({ issueLinkTypes: z.array(issueLinkType) })],
  [/^rest\/api\/3\/issueLinkType\/\d+$/, issueLinkType],
  [/^rest\/api\/3\/label$/, pageBean(z.string().min(1))],
  [/^rest\/api\/3\/filter\/search$/, pageBean(filterDetails).omit({ nextPage: true }).strict()],
  [/^rest\/api\/3\/filter\/\d+$/, filterDetails],
  [/^rest\/api\/3\/dashboard$/, dashboardPage],
  [/^rest\/api\/3\/dashboard\/\d+$/, dashboard],
  [/^rest\/api\/3\/project\/type$/, z.array(projectType)],
  [/^rest\/api\/3\/project\/type\/[a-z_]+$/, projectType],
  [/^rest\/api\/3\/role$/, z.array(projectRole)],
  [/^rest\/api\/3\/role\/\d+$/, projectRole],
  // A project's roles: each name to the URL of the project's role; the role as the project fills it.
  [/^rest\/api\/3\/project\/([A-Z]+|\d+)\/role$/, z.record(z.string(), url)],
  [/^rest\/api\/3\/project\/([A-Z]+|\d+)\/role\/\d+$/, projectRole],
  // `GET /group` (Group): its users are counted, and listed only with `expand=users`.
  [
    /^rest\/api\/3\/group$/,
    z.strictObject({
      name: z.string(),
      groupId: z.string().uuid(),
      self: url,
      users: z.strictObject({
        size: z.number().int().nonnegative(),
        items: z.array(userListed),
        "max-results": z.number().int(),
        "start-index": z.number().int(),
        "end-index": z.number().int(),
      }),
      expand: z.literal("users"),
    }),
  ],
  [/^rest\/api\/3\/application-properties$/, z.array(applicationProperty)],
  [/^rest\/api\/3\/permissions$/, permissionsBody],
  [/^rest\/api\/3\/project\/[A-Z]+\/(version|component)$/, pageBean(z.never()).omit({ nextPage: true }).strict()],
  [/^rest\/api\/3\/project\/[A-Z]+\/(versions|components)$/, z.array(z.never())],
  [/^rest\/api\/3\/issue\/[A-Z]+-\d+\/transitions$/, transitions],
  [/^rest\/api\/3\/issue\/[A-Z]+-\d+\/properties$/, z.strictObject({ keys: z.array(z.strictObject({ self: url, key: z.string() })) })],
  [/^rest\/agile\/1\.0\/board\/\d+\/configuration$/, boardConfiguration],
  [/^rest\/dev-status\/1\.0\/issue\/detail$/, devStatus],
  [/^rest\/api\/3\/group\/bulk$/, pageBean(z.strictObject({ name: z.string(), groupId: z.string().uuid() }))],
  [
    /^rest\/api\/3\/workflow\/search$/,
    pageBean(z.strictObject({ id: z.strictObject({ name: z.string(), entityId: z.string().uuid() }), description: z.string() })),
  ],
  [/^rest\/api\/3\/applicationrole$/, z.array(applicationRole)],
  [/^rest\/api\/3\/projectCategory$/, z.array(z.strictObject({ self: url, id: numericId, name: z.string(), description: z.string() }))],
  [/^rest\/api\/3\/issue\/[A-Z]+-\d+\/changelog$/, pageBean(history)],
  [/^rest\/api\/3\/issue\/[A-Z]+-\d+\/comment$/, legacyPage("comments", comment)],
  [/^rest\/api\/3\/issue\/[A-Z]+-\d+\/comment\/\d+$/, comment],
  [/^rest\/api\/3\/issue\/[A-Z]+-\d+\/worklog$/, legacyPage("worklogs", worklog)],
  [/^rest\/api\/3\/issue\/[A-Z]+-\d+\/worklog\/\d+$/, worklog],
  [
    /^rest\/api\/3\/issue\/[A-Z]+-\d+\/watchers$/,
    z.strictObject({ self: url, isWatching: z.boolean(), watchCount: z.number().int(), watchers: z.array(userDetails) }),
  ],
  [
    /^rest\/api\/3\/issue\/[A-Z]+-\d+\/votes$/,
    z.strictObject({ self: url, votes: z.number().int(), hasVoted: z.boolean(), voters: z.array(userDetails) }),
  ],
  [/^rest\/api\/3\/issue\/[A-Z]+-\d+\/remotelink$/, z.array(remoteLink)],
  [/^rest\/api\/3\/issue\/[A-Z]+-\d+\/remotelink\/\d+$/, remoteLink],
  [/^rest\/api\/3\/attachment\/\d+$/, attachment],
  [/^rest\/agile\/1\.0\/issue\/[A-Z]+-\d+$/, agileIssue],
  [/^rest\/agile\/1\.0\/board$/, agilePage(board)],
  [/^rest\/agile\/1\.0\/board\/\d+$/, board],
  [/^rest\/agile\/1\.0\/board\/\d+\/sprint$/, agilePage(sprint)],
  [/^rest\/agile\/1\.0\/(board|sprint)\/\d+\/(issue|backlog)$/, agileIssuePage],
  [/^rest\/agile\/1\.0\/sprint\/\d+$/, sprint],
];

const issuePath = /^rest\/api\/3\/issue\/[A-Z]+-\d+$/;

/** The search answer (computed), for the SDK test. */
export const searchResults = z.strictObject({
  issues: z.array(
    z.union([
      z.strictObject({ id: numericId }),
      z.strictObject({
        expand: z.string(),
        id: numericId,
        self: url,
        key: issueKey,
        fields: fields.partial(),
        changelog: issueExpanded.shape.changelog.optional(),
      }),
    ]),
  ),
  names: z.record(z.string(), z.string()).optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
  nextPageToken: z.string().optional(),
  isLast: z.boolean(),
});
export const errorBody = error;

function problem(result: { success: boolean; error?: z.ZodError }): string | undefined {
  if (result.success) return undefined;
  return result
    .error!.issues.slice(0, 3)
    .map((i) => `${i.path.join(".")}: ${i.message}`)
    .join("; ");
}

/**
 * A v2 body (`/rest/api/2/...`) in the v3 shape: no document and no `/rest/api/3/` link may be left in
 * it, and with its wiki strings (an issue's `description`, a comment's `body`, a worklog's `comment`)
 * standing in for documents and its links renamed it must pass v3's schema.
 */
function asV3(body: unknown): { body: unknown; problem?: string } {
  let problem: string | undefined;
  const doc = (text: string) => ({
    type: "doc",
    version: 1,
    content: text === "" ? [] : [{ type: "paragraph", content: [{ type: "text", text }] }],
  });
  const walk = (x: unknown, key: string, parent: string): unknown => {
    if (typeof x === "string") {
      if (x.includes("/rest/api/3/")) problem ??= `a v3 link in a v2 body: ${x}`;
      if ((key === "description" && parent === "fields") || key === "body" || (key === "comment" && parent !== "names")) return doc(x);
      return x.replace("/rest/api/2/", "/rest/api/3/");
    }
    if (Array.isArray(x)) return x.map((e) => walk(e, "", key));
    if (x && typeof x === "object") {
      if ((x as { type?: unknown }).type === "doc") problem ??= "a document in a v2 body";
      return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, walk(v, k, key)]));
    }
    return x;
  };
  return { body: walk(body, "", ""), ...(problem ? { problem } : {}) };
}

/** A message when a served body does not conform to the schema of its path. */
export function validateJira(path: string, body: unknown): string | undefined {
  if (path.startsWith("_snapverse/")) return undefined;
  if (path.startsWith("rest/api/2/issue/")) {
    const v3 = asV3(body);
    return v3.problem ?? validateJira(`rest/api/3/${path.slice("rest/api/2/".length)}`, v3.body);
  }
  if (issuePath.test(path)) {
    const expanded = typeof body === "object" && body !== null && "changelog" in body;
    return problem((expanded ? issueExpanded : issue).safeParse(body));
  }
  const route = ROUTES.find(([re]) => re.test(path));
  if (!route) return `no schema for ${path}`;
  return problem(route[1].safeParse(body));
}
