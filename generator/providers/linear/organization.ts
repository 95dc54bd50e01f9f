import type { JsonObject } from "../../core/provider.js";
import type { Person, Team } from "../../world/types.js";
import { type LinearContext, iso } from "./context.js";

/**
 * The workspace, its users and team memberships, as Linear's GraphQL types (`Organization`, `User`,
 * `TeamMembership`). Relations are `{id}` references the executor follows; every key is a field of the
 * type in Linear's schema, so each record is what a query selecting those fields would return.
 */

const AVATAR_COLORS = ["#4cb782", "#5e6ad2", "#f2994a", "#eb5757", "#26b5ce", "#bb87fc", "#f7c8c1", "#4ea7fc"];

export function organization(lc: LinearContext): JsonObject {
  const w = lc.world;
  return {
    __typename: "Organization",
    id: lc.orgId(),
    name: w.company.name,
    urlKey: lc.urlKey,
    logoUrl: null,
    createdAt: iso(w.company.foundedAt),
    updatedAt: iso(w.company.foundedAt),
    userCount: w.people.length,
    createdIssueCount: w.workItems.length,
    customerCount: 0,
    gitBranchFormat: "{username}/{issueIdentifier}-{issueTitle}",
    gitLinkbackMessagesEnabled: true,
    gitPublicLinkbackMessagesEnabled: false,
    gitLinkbackDescriptionsEnabled: true,
    roadmapEnabled: true,
    feedEnabled: false,
    customersEnabled: false,
    releasesEnabled: false,
    samlEnabled: false,
    scimEnabled: false,
    hipaaComplianceEnabled: false,
    allowMembersToInvite: true,
    restrictTeamCreationToAdmins: false,
    restrictLabelManagementToAdmins: false,
    allowedAuthServices: [],
    previousUrlKeys: [],
    periodUploadVolume: 0,
    fiscalYearStartMonth: 0,
    workingDays: [1, 2, 3, 4, 5],
    projectUpdatesReminderFrequency: "week",
    projectUpdateRemindersDay: "Friday",
    projectUpdateRemindersHour: 14,
    initiativeUpdateRemindersDay: "Friday",
    initiativeUpdateRemindersHour: 14,
    releaseChannel: "public",
    slaDayCount: "all",
    slackProjectChannelPrefix: "proj",
    trialStartsAt: null,
    trialEndsAt: null,
    deletionRequestedAt: null,
    archivedAt: null,
  };
}

/** Users by creation (joining) time, oldest first; the viewer is the workspace's first admin. */
export function users(lc: LinearContext): JsonObject[] {
  return [...lc.world.people].sort((a, b) => a.joinedAt - b.joinedAt || a.id - b.id).map((p) => user(lc, p));
}

function user(lc: LinearContext, p: Person): JsonObject {
  const created = lc.world.workItems.filter((i) => i.reporterId === p.id).length;
  return {
    __typename: "User",
    id: lc.userId(p),
    name: p.name,
    displayName: lc.displayName(p),
    email: p.email,
    avatarUrl: null,
    avatarBackgroundColor: AVATAR_COLORS[p.id % AVATAR_COLORS.length]!,
    initials: `${p.firstName[0]}${p.lastName[0]}`.toUpperCase(),
    description: null,
    title: p.role,
    timezone: p.timeZone,
    active: true,
    admin: p.admin,
    owner: p.id === lc.viewer.id,
    guest: false,
    app: false,
    isMe: p.id === lc.viewer.id,
    isAssignable: true,
    isMentionable: true,
    supportsAgentSessions: false,
    canAccessAnyPublicTeam: true,
    hasGitHubCodeAccess: false,
    createdIssueCount: created,
    inviteHash: lc.hex(`user/${p.id}/invite`, 16),
    calendarHash: null,
    statusEmoji: null,
    statusLabel: null,
    statusUntilAt: null,
    disableReason: null,
    gitHubUserId: null,
    lastSeen: iso(lc.asOf - (p.id % 7) * 3_600_000),
    createdAt: iso(p.joinedAt),
    updatedAt: iso(p.joinedAt),
    archivedAt: null,
    url: lc.userUrl(p),
    organization: { id: lc.orgId() },
  };
}

/** One membership per team member; the team's lead owns the team. */
export function teamMemberships(lc: LinearContext): JsonObject[] {
  return lc.world.teams.flatMap((t) => t.memberIds.map((id, n) => membership(lc, t, lc.person(id), n)));
}

function membership(lc: LinearContext, t: Team, p: Person, n: number): JsonObject {
  const at = iso(Math.max(p.joinedAt, t.createdAt));
  return {
    __typename: "TeamMembership",
    id: lc.membershipId(t, p),
    owner: p.id === t.leadId,
    sortOrder: n + 1,
    createdAt: at,
    updatedAt: at,
    archivedAt: null,
    team: { id: lc.teamId(t) },
    user: { id: lc.userId(p) },
  };
}
