import { isoSeconds } from "../../world/clock.js";
import type { JsonObject } from "../../core/provider.js";
import type { Person, Team } from "../../world/types.js";
import type { SentryContext, SentryProject } from "./context.js";

/**
 * The organization, its projects, teams and members, as Sentry's serializers write them
 * (OrganizationSerializer, ProjectSummarySerializer / DetailedProjectSerializer, TeamSerializer,
 * OrganizationMemberSerializer), with the fields the published description requires.
 */

const avatar = (type = "letter_avatar"): JsonObject => ({ avatarType: type, avatarUuid: null, avatarUrl: null });

export function organization(s: SentryContext): JsonObject {
  return {
    id: s.orgId,
    slug: s.orgSlug,
    status: { id: "active", name: "active" },
    name: s.world.company.name,
    dateCreated: isoSeconds(s.world.company.foundedAt),
    isEarlyAdopter: false,
    require2FA: false,
    avatar: avatar(),
    links: { organizationUrl: s.web, regionUrl: s.pin.origin },
    hasAuthProvider: false,
    allowMemberInvite: true,
    allowMemberProjectCreation: true,
    allowSuperuserAccess: false,
  };
}

const ORG_ACCESS = ["org:read", "project:read", "team:read", "member:read", "event:read", "alerts:read"];

/** The detail adds what the organization settings page reads. */
export function organizationDetail(s: SentryContext): JsonObject {
  return {
    ...organization(s),
    features: ["discover-basic", "performance-view", "release-health"],
    access: ORG_ACCESS,
    onboardingTasks: [],
    isDefault: false,
    defaultRole: "member",
    openMembership: true,
    dataScrubber: false,
    dataScrubberDefaults: false,
    sensitiveFields: [],
    safeFields: [],
    scrubIPAddresses: false,
    trustedRelays: [],
    pendingAccessRequests: 0,
    quota: { maxRate: null, maxRateInterval: 60, accountLimit: 0, projectLimit: 100 },
  };
}

function teamRef(s: SentryContext, t: Team): JsonObject {
  return { id: s.teamId(t), name: t.name, slug: t.slug };
}

const PROJECT_FLAGS = [
  "hasFeedbacks",
  "hasFlags",
  "hasMinifiedStackTrace",
  "hasMonitors",
  "hasNewFeedbacks",
  "hasProfiles",
  "hasReplays",
  "hasSessions",
  "hasInsightsHttp",
  "hasInsightsDb",
  "hasInsightsAssets",
  "hasInsightsAppStart",
  "hasInsightsScreenLoad",
  "hasInsightsVitals",
  "hasInsightsCaches",
  "hasInsightsQueues",
  "hasInsightsAgentMonitoring",
  "hasInsightsMCP",
  "hasLogs",
  "hasTraceMetrics",
];

function firstEvent(s: SentryContext, p: SentryProject): string | null {
  const times = s.issues.filter((i) => i.project === p).flatMap((i) => i.events.map((e) => e.at));
  return times.length ? isoSeconds(Math.min(...times)) : null;
}

function latestRelease(s: SentryContext, p: SentryProject): JsonObject | null {
  const mine = s.releases.filter((r) => r.project === p);
  const last = mine.reduce<(typeof mine)[number] | undefined>((a, r) => (!a || r.dateCreated > a.dateCreated ? r : a), undefined);
  return last ? { version: last.version } : null;
}

function environments(s: SentryContext, p: SentryProject): string[] {
  return [...new Set(s.issues.filter((i) => i.project === p).flatMap((i) => i.events.map((e) => e.environment)))].sort();
}

/** The project summary of the organization's and a team's project lists (`/projects/` too). */
export function projectSummary(s: SentryContext, p: SentryProject): JsonObject {
  const flags = Object.fromEntries(PROJECT_FLAGS.map((f) => [f, false]));
  return {
    team: teamRef(s, p.team),
    teams: [teamRef(s, p.team)],
    id: p.id,
    name: p.service.name,
    slug: p.service.slug,
    isBookmarked: false,
    isMember: true,
    access: ["project:read", "event:read"],
    hasAccess: true,
    dateCreated: isoSeconds(p.service.createdAt),
    environments: environments(s, p),
    features: ["releases"],
    firstEvent: firstEvent(s, p),
    firstTransactionEvent: false,
    ...flags,
    hasUserReports: false,
    platform: p.platform,
    platforms: [p.platform],
    latestRelease: latestRelease(s, p),
  };
}

/** `GET /projects/{org}/{project}/`: the summary's facts and the project's settings. */
export function projectDetail(s: SentryContext, p: SentryProject): JsonObject {
  const flags = Object.fromEntries(PROJECT_FLAGS.map((f) => [f, false]));
  return {
    id: p.id,
    slug: p.service.slug,
    name: p.service.name,
    platform: p.platform,
    dateCreated: isoSeconds(p.service.createdAt),
    isBookmarked: false,
    isMember: true,
    features: ["releases"],
    firstEvent: firstEvent(s, p),
    firstTransactionEvent: false,
    access: ["project:read", "event:read"],
    hasAccess: true,
    ...flags,
    isInternal: false,
    isPublic: false,
    avatar: avatar(),
    color: `#${s.hex(`color/${p.service.slug}`, 6)}`,
    status: "active",
    team: teamRef(s, p.team),
    teams: [teamRef(s, p.team)],
    latestRelease: latestRelease(s, p),
    options: { "sentry:resolve_age": 0, "sentry:reprocessing_active": false },
    digestsMinDelay: 300,
    digestsMaxDelay: 1800,
    subjectPrefix: "",
    allowedDomains: ["*"],
    resolveAge: 0,
    dataScrubber: true,
    dataScrubberDefaults: true,
    safeFields: [],
    storeCrashReports: null,
    sensitiveFields: [],
    subjectTemplate: "$shortID - $title",
    securityToken: s.hex(`security-token/${p.service.slug}`, 32),
    securityTokenHeader: null,
    verifySSL: false,
    scrubIPAddresses: false,
    scrapeJavaScript: true,
    enableAutoReleaseCreation: false,
    highlightTags: ["handled", "level", "environment", "release"],
    highlightContext: {},
    highlightPreset: { tags: ["handled", "level"], context: {} },
    groupingConfig: "newstyle:2023-01-11",
    derivedGroupingEnhancements: "",
    groupingEnhancements: "",
    secondaryGroupingExpiry: 0,
    secondaryGroupingConfig: null,
    fingerprintingRules: "",
    organization: organization(s),
    platforms: [p.platform],
    processingIssues: 0,
    defaultEnvironment: null,
    relayPiiConfig: null,
    builtinSymbolSources: [],
    dynamicSamplingBiases: null,
    symbolSources: "[]",
    isDynamicallySampled: false,
    tempestFetchScreenshots: false,
    autofixAutomationTuning: "off",
    seerScannerAutomation: false,
    seerNightshiftTweaks: null,
    scmSourceContextEnabled: false,
    debugFilesRole: null,
  };
}

export function team(s: SentryContext, t: Team): JsonObject {
  return {
    id: s.teamId(t),
    slug: t.slug,
    name: t.name,
    dateCreated: isoSeconds(t.createdAt),
    isMember: true,
    teamRole: null,
    flags: { "idp:provisioned": false },
    access: ["team:read", "project:read", "event:read"],
    hasAccess: true,
    isPending: false,
    memberCount: t.memberIds.filter((id) => s.members.some((m) => m.id === id)).length,
    avatar: avatar(),
  };
}

/** The organization's team list expands each team's projects. */
export function teamWithProjects(s: SentryContext, t: Team): JsonObject {
  return {
    ...team(s, t),
    externalTeams: [],
    projects: s.projects
      .filter((p) => p.team.id === t.id)
      .map((p) => {
        const d = projectDetail(s, p);
        const keep = [
          "id",
          "slug",
          "name",
          "platform",
          "dateCreated",
          "isBookmarked",
          "isMember",
          "features",
          "firstEvent",
          "firstTransactionEvent",
          "access",
          "hasAccess",
          ...PROJECT_FLAGS,
          "isInternal",
          "isPublic",
          "avatar",
          "color",
          "status",
        ];
        return Object.fromEntries(keep.map((k) => [k, d[k]!]));
      }),
  };
}

export function user(s: SentryContext, p: Person): JsonObject {
  return {
    id: s.userId(p),
    name: p.name,
    username: p.email,
    email: p.email,
    avatarUrl: `https://gravatar.com/avatar/${s.hex(`avatar/${p.email}`, 32)}?s=32&d=mm`,
    isActive: true,
    isSuspended: false,
    hasPasswordAuth: true,
    isManaged: false,
    dateJoined: isoSeconds(p.joinedAt),
    lastLogin: isoSeconds(p.joinedAt),
    has2fa: true,
    lastActive: isoSeconds(p.joinedAt),
    isSuperuser: false,
    isStaff: false,
    experiments: {},
    emails: [{ id: String(s.number(`email/${p.id}`, 100_000, 999_999)), email: p.email, is_verified: true }],
    avatar: avatar(),
  };
}

export function orgRole(p: Person, lead: boolean): string {
  return p.admin ? "owner" : lead ? "manager" : "member";
}

export function member(s: SentryContext, p: Person): JsonObject {
  const lead = s.world.teams.some((t) => t.leadId === p.id);
  return {
    id: s.memberId(p),
    email: p.email,
    name: p.name,
    user: user(s, p),
    orgRole: orgRole(p, lead),
    pending: false,
    expired: false,
    flags: {
      "idp:provisioned": false,
      "idp:role-restricted": false,
      "sso:linked": false,
      "sso:invalid": false,
      "member-limit:restricted": false,
      "partnership:restricted": false,
    },
    dateCreated: isoSeconds(p.joinedAt),
    inviteStatus: "approved",
    inviterName: null,
    role: orgRole(p, lead),
    roleName: orgRole(p, lead)[0]!.toUpperCase() + orgRole(p, lead).slice(1),
  };
}

export function memberDetail(s: SentryContext, p: Person): JsonObject {
  const teams = s.teamsOfPerson(p);
  return {
    ...member(s, p),
    teams: teams.map((t) => t.slug),
    teamRoles: teams.map((t) => ({ teamSlug: t.slug, role: t.leadId === p.id ? "admin" : null })),
    invite_link: null,
    isOnlyOwner: false,
    orgRoleList: [],
    teamRoleList: [],
  };
}

export function teamMember(s: SentryContext, p: Person, t: Team): JsonObject {
  return { ...member(s, p), teamRole: t.leadId === p.id ? "admin" : "contributor", teamSlug: t.slug };
}
