import type { IdRegistry } from "./ids.js";
import type { Generation } from "../catalog/types.js";
import type { ObjectStore } from "./git.js";
import type { Language } from "./vocabulary.js";

/** The provider-neutral universe of one software company. Instants are UTC milliseconds. */
export interface World {
  generation: Generation;
  /** The universe's id registry (world/ids.ts): providers take a child for ids of their own. */
  readonly ids: IdRegistry;
  start: number;
  asOf: number;
  company: Company;
  people: Person[];
  teams: Team[];
  repos: Repo[];
  workItems: WorkItem[];
  labels: Label[];
  /** The company's two-week sprints, oldest first, ending with two future ones. */
  sprints: Sprint[];
  /** The trackers' scheduled stale-work rule (automation.ts), oldest first: none in a pinned generation. */
  staleNudges: StaleNudge[];
  /** Its customers and prospects, as the CRM holds them. */
  commerce: Commerce;
  /** Its engineers' use of AI tools, on the days they are active. */
  ai: AiActivity;
  /** Services, on-call, errors, incidents, the status page and hosted CI. */
  operations: Operations;
}

/** Someone outside engineering (sales, support): in the CRM, never in the code. Ids start at 1001. */
export interface StaffMember {
  id: number;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  role: string;
  team: "Sales" | "Support";
  timeZone: string;
  joinedAt: number;
}

export interface CustomerCompany {
  id: number;
  name: string;
  domain: string;
  /** HubSpot's industry enumeration value. */
  industry: string;
  employees: number;
  city: string;
  country: string;
  lifecycle: "lead" | "opportunity" | "customer";
  createdAt: number;
  ownerId: number;
  annualRevenue: number;
}

export interface Contact {
  id: number;
  companyId: number;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string;
  phone: string;
  createdAt: number;
  ownerId: number;
}

export type DealStage =
  | "appointmentscheduled"
  | "qualifiedtobuy"
  | "presentationscheduled"
  | "decisionmakerboughtin"
  | "contractsent"
  | "closedwon"
  | "closedlost";

export interface Deal {
  id: number;
  companyId: number;
  contactIds: number[];
  name: string;
  amount: number;
  pipeline: "default";
  stage: DealStage;
  createdAt: number;
  /** The expected close date while open; the close date once closed. */
  closeDate: number;
  closedAt?: number;
  ownerId: number;
  /** Every stage it entered up to as-of, oldest first. */
  stageHistory: Array<{ stage: DealStage; at: number }>;
}

export interface Ticket {
  id: number;
  companyId: number;
  contactId: number;
  subject: string;
  content: string;
  priority: "LOW" | "MEDIUM" | "HIGH";
  stage: "new" | "waiting" | "closed";
  createdAt: number;
  closedAt?: number;
  ownerId: number;
  /** The bug it was escalated as. */
  workItemKey?: string;
}

export interface Commerce {
  staff: StaffMember[];
  companies: CustomerCompany[];
  contacts: Contact[];
  deals: Deal[];
  tickets: Ticket[];
}

/** One person's use of one OpenAI model on one UTC day (through the API, under their team's project). */
export interface OpenAiUsage {
  day: number;
  personId: number;
  teamId: number;
  model: string;
  requests: number;
  inputTokens: number;
  cachedTokens: number;
  outputTokens: number;
}

export interface DevinSession {
  id: string;
  personId: number;
  title: string;
  status: "working" | "blocked" | "finished" | "stopped";
  createdAt: number;
  updatedAt: number;
  tags: string[];
  repoId: number;
  workItemKey?: string;
  /** The pull request the session's work became, in the same world. */
  pull?: { repoId: number; number: number };
  messages: Array<{ at: number; origin: "user" | "devin"; text: string }>;
  attachments: Array<{ id: string; name: string; at: number; content: string }>;
  acus: number;
}

export interface AiActivity {
  openai: OpenAiUsage[];
  devin: DevinSession[];
  /** Seats on the tools licensed per person (Claude, Cursor, ChatGPT Enterprise), oldest first. */
  seats: AiSeat[];
  /** Claude use per person, model, product and UTC day: the API under the team's workspace, and Claude Code. */
  claude: ClaudeUsage[];
  /** What each Claude Code user did with it on a day: sessions, lines, commits, pull requests, tool decisions. */
  claudeCode: ClaudeCodeDay[];
  /** Cursor editor activity per person and UTC day. */
  cursor: CursorDay[];
  /** ChatGPT Enterprise: conversations, custom GPTs and projects of the workspace. */
  chatgpt: ChatGptWorkspace;
  /** The company's product calling the Claude API in production, with a key of its own (none without a Claude seat). */
  claudeProduction?: ClaudeProduction;
  /** Cursor Automations on the live schedule (Generation.schedule): none in a pinned generation. */
  cursorAutomations: CursorAutomation[];
}

/** The product's own Claude API use, not a person's: from its launch, every complete UTC hour, per model. */
export interface ClaudeProduction {
  /** The Claude seat holder who set it up: its workspace and API key are theirs. */
  ownerId: number;
  launchedAt: number;
  hours: Array<Omit<ClaudeUsage, "day" | "personId" | "teamId" | "product"> & { hour: number }>;
}

/** A scheduled Cursor Automation: each firing runs a cloud agent, whose requests are its owner's usage events. */
export interface CursorAutomation {
  id: string;
  ownerId: number;
  name: string;
  createdAt: number;
  runs: Array<{ cloudAgentId: string; at: number; events: CursorEvent[] }>;
}

/** A tool the company licenses per seat. */
export type AiTool = "claude" | "cursor" | "chatgpt";

export interface AiSeat {
  tool: AiTool;
  personId: number;
  /** When the seat was given (the person was invited, then joined). */
  invitedAt: number;
  since: number;
  role: "admin" | "member";
}

export interface ClaudeUsage {
  day: number;
  personId: number;
  teamId: number;
  /** A model id with its date (`claude-sonnet-4-5-20250929`). */
  model: string;
  product: "api" | "claude_code";
  requests: number;
  /** Input tokens neither written to nor read from the prompt cache. */
  inputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  webSearches: number;
}

export interface ClaudeCodeDay {
  day: number;
  personId: number;
  sessions: number;
  linesAdded: number;
  linesRemoved: number;
  /** The person's commits of that day made with Claude Code, and pull requests opened with it. */
  commits: number;
  pullRequests: number;
  /** Accepted and rejected proposals per tool. */
  tools: Record<"edit" | "multi_edit" | "write" | "notebook_edit", { accepted: number; rejected: number }>;
  terminal: string;
}

export interface CursorDay {
  day: number;
  personId: number;
  clientVersion: string;
  /** The model of most of the day's requests. */
  model: string;
  linesAdded: number;
  linesDeleted: number;
  acceptedLinesAdded: number;
  acceptedLinesDeleted: number;
  applies: number;
  accepts: number;
  rejects: number;
  tabsShown: number;
  tabsAccepted: number;
  composerRequests: number;
  chatRequests: number;
  agentRequests: number;
  cmdkUsages: number;
  bugbotUsages: number;
  /** Requests inside the plan's allowance, and those billed by usage beyond it. */
  includedRequests: number;
  usageBasedRequests: number;
  /** The file extension most applied and most tab-completed in. */
  applyExtension: string;
  tabExtension: string;
  /** One entry per metered request of the day, in time order. */
  events: CursorEvent[];
}

export interface CursorEvent {
  at: number;
  model: string;
  kind: "agent" | "chat" | "cmdk";
  maxMode: boolean;
  /** Billed by usage (beyond the plan's included requests). */
  usageBased: boolean;
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
}

export interface ChatGptWorkspace {
  conversations: ChatGptConversation[];
  gpts: ChatGptGpt[];
  projects: ChatGptProject[];
}

export interface ChatGptConversation {
  id: string;
  personId: number;
  title: string;
  createdAt: number;
  updatedAt: number;
  model: string;
  gptId?: string;
  projectId?: string;
  messages: Array<{ id: string; at: number; role: "user" | "assistant"; text: string }>;
}

export interface ChatGptGpt {
  id: string;
  ownerId: number;
  name: string;
  description: string;
  instructions: string;
  createdAt: number;
  updatedAt: number;
  /** Who may use it: only its owner, the workspace, or anyone with the link. */
  sharing: "private" | "workspace" | "link";
}

export interface ChatGptProject {
  id: string;
  ownerId: number;
  name: string;
  instructions: string;
  createdAt: number;
  updatedAt: number;
  memberIds: number[];
}

/** One run of the trackers' stale-work rule: a comment on the open item longest without an update. */
export interface StaleNudge {
  at: number;
  itemKey: string;
  /** The item's last update before the nudge. */
  idleSince: number;
}

export interface Sprint {
  id: number;
  number: number;
  name: string;
  startAt: number;
  /** The last second of the sprint. */
  endAt: number;
  state: "closed" | "active" | "future";
}

export interface Company {
  name: string;
  /** Used as the org login / workspace / group path. */
  slug: string;
  domain: string;
  foundedAt: number;
}

export interface Person {
  id: number;
  firstName: string;
  lastName: string;
  name: string;
  email: string;
  /** One handle per provider family; most people keep one handle, a few differ per site. */
  handles: { github: string; gitlab: string; bitbucket: string; atlassian: string; slack: string };
  timeZone: string;
  utcOffsetMinutes: number;
  role: string;
  teamId: number;
  joinedAt: number;
  /** A site administrator of the org. */
  admin: boolean;
}

export interface Team {
  id: number;
  name: string;
  slug: string;
  /** The tracker project key, e.g. PAY. */
  key: string;
  description: string;
  leadId: number;
  memberIds: number[];
  createdAt: number;
}

export interface Label {
  name: string;
  color: string;
  description: string;
}

export type WorkItemStatus = "Backlog" | "To Do" | "In Progress" | "In Review" | "Done" | "Canceled";

export interface Transition {
  at: number;
  from: WorkItemStatus;
  to: WorkItemStatus;
  byId: number;
}

export interface WorkItem {
  id: number;
  key: string;
  number: number;
  teamId: number;
  type: "Story" | "Bug" | "Task";
  title: string;
  description: string;
  priority: "Highest" | "High" | "Medium" | "Low";
  labels: string[];
  estimate: number;
  reporterId: number;
  assigneeId: number;
  createdAt: number;
  updatedAt: number;
  status: WorkItemStatus;
  transitions: Transition[];
  /** The sprint it was (or is being) worked in; undefined while in the backlog. */
  sprintId?: number;
  /** The SCM work that implements it, when there is any. */
  repoId?: number;
  pullNumber?: number;
}

export interface Repo {
  id: number;
  name: string;
  teamId: number;
  language: Language;
  description: string;
  topics: string[];
  createdAt: number;
  defaultBranch: string;
  objects: ObjectStore;
  /** The default branch, oldest first. */
  mainCommits: Commit[];
  branches: Branch[];
  pulls: PullRequest[];
  issues: Issue[];
  runs: CiRun[];
  releases: Release[];
  deployments: Deployment[];
  /** Issue and pull request numbers share one sequence, as on GitHub. */
  lastNumber: number;
}

export interface FileChange {
  path: string;
  status: "added" | "modified" | "removed";
  additions: number;
  deletions: number;
  patch: string;
  blobSha: string;
  previousBlobSha?: string;
}

export interface Commit {
  sha: string;
  treeSha: string;
  parents: string[];
  message: string;
  authorId: number;
  /** Undefined when GitHub's web-flow committed it (squash merges). */
  committerId: number | undefined;
  authoredAt: number;
  committedAt: number;
  files: FileChange[];
  /** Work item keys the message cites. */
  keys: string[];
}

export interface Branch {
  name: string;
  headSha: string;
  /** A merged pull request's branch is deleted; its commits stay reachable from the pull request. */
  protected: boolean;
}

export interface Review {
  id: number;
  reviewerId: number;
  state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED";
  body: string;
  submittedAt: number;
  commitSha: string;
  comments: ReviewComment[];
}

export interface ReviewComment {
  id: number;
  authorId: number;
  path: string;
  line: number;
  body: string;
  createdAt: number;
  commitSha: string;
  diffHunk: string;
}

export interface Comment {
  id: number;
  authorId: number;
  body: string;
  createdAt: number;
}

export interface IssueEvent {
  id: number;
  actorId: number;
  event: "labeled" | "assigned" | "closed" | "reopened" | "merged" | "referenced" | "head_ref_deleted" | "review_requested";
  createdAt: number;
  label?: string;
  assigneeId?: number;
  commitSha?: string;
  reviewerId?: number;
}

export interface PullRequest {
  id: number;
  number: number;
  title: string;
  body: string;
  authorId: number;
  workItemKey: string;
  headBranch: string;
  baseSha: string;
  commits: Commit[];
  /** The diff of the whole branch against its base. */
  files: FileChange[];
  createdAt: number;
  updatedAt: number;
  state: "open" | "closed";
  mergedAt?: number;
  closedAt?: number;
  mergeCommitSha?: string;
  mergedById?: number;
  reviewerIds: number[];
  reviews: Review[];
  comments: Comment[];
  events: IssueEvent[];
  labels: string[];
}

export interface Issue {
  id: number;
  number: number;
  title: string;
  body: string;
  authorId: number;
  assigneeId?: number;
  labels: string[];
  state: "open" | "closed";
  stateReason?: "completed" | "not_planned";
  createdAt: number;
  updatedAt: number;
  closedAt?: number;
  closedById?: number;
  comments: Comment[];
  events: IssueEvent[];
  workItemKey?: string;
}

export interface CiJob {
  id: number;
  name: string;
  status: "queued" | "in_progress" | "completed";
  conclusion: "success" | "failure" | null;
  startedAt: number;
  completedAt?: number;
  steps: Array<{
    name: string;
    number: number;
    conclusion: "success" | "failure" | "skipped" | null;
    startedAt: number;
    completedAt?: number;
  }>;
}

export interface CiRun {
  id: number;
  runNumber: number;
  workflowName: string;
  /** `schedule`: the live universe's cron runs on its first repositories (see Generation.schedule). */
  event: "push" | "pull_request" | "schedule";
  headBranch: string;
  headSha: string;
  actorId: number;
  status: "queued" | "in_progress" | "completed";
  conclusion: "success" | "failure" | null;
  createdAt: number;
  updatedAt: number;
  pullNumber?: number;
  jobs: CiJob[];
}

export interface Release {
  id: number;
  tag: string;
  name: string;
  body: string;
  targetSha: string;
  authorId: number;
  createdAt: number;
  publishedAt: number;
  prerelease: boolean;
}

export interface Deployment {
  id: number;
  sha: string;
  ref: string;
  environment: "staging" | "production";
  creatorId: number;
  createdAt: number;
  statuses: Array<{ id: number; state: "in_progress" | "success" | "failure"; createdAt: number; creatorId: number; description: string }>;
}

/**
 * How the company runs what it ships: services, on-call, errors, incidents, its status page and the CI
 * hosts some repositories build on. Keyed streams of their own (`ops/…`); see operations.ts.
 */
export interface Operations {
  /** One service per repository, owned by the repository's team, oldest first. */
  services: Service[];
  /** One weekly on-call rotation per team, over its members. */
  schedules: OnCallSchedule[];
  /** One per team: its schedule first, then its lead. */
  policies: EscalationPolicy[];
  /** Error groups (Sentry issues), by first seen. */
  errors: ErrorGroup[];
  /** Incidents (PagerDuty), by creation; `number` counts them across the company. */
  incidents: Incident[];
  /** Planned maintenance the status page announces, by start; the last may still be ahead of as-of. */
  maintenances: Maintenance[];
  /** Repositories that also build on a hosted CI other than GitHub Actions, from a day on. */
  ciHosting: CiHosting[];
}

export interface Service {
  id: number;
  /** The repository's name: `payments-api`. */
  slug: string;
  name: string;
  description: string;
  repoId: number;
  teamId: number;
  policyId: number;
  createdAt: number;
}

export interface OnCallShift {
  personId: number;
  start: number;
  /** Exclusive. */
  end: number;
}

export interface OnCallSchedule {
  id: number;
  teamId: number;
  name: string;
  /** The lead's zone: hand-offs are Mondays at 10:00 there. */
  timeZone: string;
  utcOffsetMinutes: number;
  /** The rotation's order (team members). */
  rotation: number[];
  /** The start of the rotation's first shift. */
  rotationStart: number;
  /** Weekly shifts from before the world's start to four weeks after as-of, back to back. */
  shifts: OnCallShift[];
}

export interface EscalationRule {
  /** Minutes before the incident escalates to the next rule. */
  delayMinutes: number;
  target: { kind: "schedule"; id: number } | { kind: "user"; id: number };
}

export interface EscalationPolicy {
  id: number;
  teamId: number;
  name: string;
  rules: EscalationRule[];
  /** How many times the rules repeat before the incident stays with the last target. */
  loops: number;
  createdAt: number;
}

export interface ErrorEvent {
  /** 32 lower-case hex digits, Sentry's event id. */
  id: string;
  at: number;
  environment: "staging" | "production";
  /** The commit SHA deployed when it happened (a Sentry release version). */
  release: string;
  /** A hashed end-user id; the same user can hit an error more than once. */
  userId: string;
  serverName: string;
  /** The request path or job that failed. */
  transaction: string;
}

export interface ErrorGroup {
  id: number;
  /** Per service, from 1: Sentry's short id is `<SLUG>-<base-36 number>`. */
  number: number;
  serviceId: number;
  repoId: number;
  /** The exception type and message. */
  type: string;
  value: string;
  /** `<file path> in <function>`: a file of the repository's language. */
  culprit: string;
  file: string;
  fn: string;
  line: number;
  level: "fatal" | "error" | "warning";
  /** The deployment whose commit introduced it, and that commit. */
  introducedBy: number;
  firstRelease: string;
  environment: "staging" | "production";
  /** The later deployment of the same environment that fixed it; unset while it still happens. */
  fixedBy?: number;
  fixedRelease?: string;
  resolvedAt?: number;
  /** Ignored errors are known and left alone (still happening, not alerted). */
  status: "resolved" | "unresolved" | "ignored";
  /** It spiked: many events in its first hour, which opened an incident. */
  spike: boolean;
  firstSeen: number;
  lastSeen: number;
  events: ErrorEvent[];
}

export type IncidentTrigger =
  | { kind: "deployment"; repoId: number; deploymentId: number; sha: string }
  | { kind: "errors"; errorId: number }
  /** A monitoring check (operations.ts MONITOR_CHECKS) that fired: the low-urgency noise of every account. */
  | { kind: "monitor"; monitor: "Datadog" | "Cronitor"; check: string; query: string };

export interface IncidentAlert {
  id: number;
  at: number;
  summary: string;
  severity: "critical" | "error" | "warning";
  /** The monitoring source that raised it. */
  source: string;
  resolvedAt?: number;
}

export interface IncidentNote {
  id: number;
  at: number;
  authorId: number;
  text: string;
}

export interface StatusUpdate {
  id: number;
  at: number;
  status: "investigating" | "identified" | "monitoring" | "resolved";
  body: string;
}

/** The customer-facing side of an incident, on the status page. */
export interface StatusIncident {
  id: number;
  name: string;
  impact: "minor" | "major" | "critical";
  /** Affected services (status page components). */
  serviceIds: number[];
  createdAt: number;
  resolvedAt?: number;
  updates: StatusUpdate[];
}

export interface Incident {
  id: number;
  /** Company-wide, from 1 in creation order (PagerDuty's incident_number). */
  number: number;
  title: string;
  serviceId: number;
  teamId: number;
  policyId: number;
  urgency: "high" | "low";
  priority: "P1" | "P2" | "P3" | "P4";
  trigger: IncidentTrigger;
  createdAt: number;
  /** The person on call for the team when it opened (first assignee). */
  assigneeId: number;
  /** Set when nobody acknowledged within the first rule's delay: the lead was paged at this instant. */
  escalatedAt?: number;
  acknowledgedAt?: number;
  acknowledgedById?: number;
  resolvedAt?: number;
  /** Unset on a resolved incident when the monitor that raised it resolved it (its check recovered). */
  resolvedById?: number;
  /** At as-of. */
  status: "triggered" | "acknowledged" | "resolved";
  alerts: IncidentAlert[];
  notes: IncidentNote[];
  /** Posted to the status page when customers felt it. */
  statusPage?: StatusIncident;
  /** The postmortem: the work items the fix cites, and when it was written. */
  postmortem?: { at: number; authorId: number; workItemKeys: string[] };
}

export interface Maintenance {
  id: number;
  name: string;
  serviceIds: number[];
  scheduledFor: number;
  scheduledUntil: number;
  createdAt: number;
  /** Updates posted up to as-of: scheduled, in_progress, verifying, completed. */
  updates: Array<{ id: number; at: number; status: "scheduled" | "in_progress" | "verifying" | "completed"; body: string }>;
}

export interface CiHosting {
  repoId: number;
  host: "circleci" | "buildkite";
  /** Pushes from this instant on also build there (the repository's runs with createdAt >= since). */
  since: number;
}
