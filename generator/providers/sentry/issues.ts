import { isoSeconds } from "../../world/clock.js";
import type { JsonObject } from "../../core/provider.js";
import type { ErrorEvent } from "../../world/types.js";
import type { SentryContext, SentryIssue, SentryRelease } from "./context.js";
import { releaseSummary } from "./releases.js";

/**
 * Issues (Sentry's groups) and their events, as StreamGroupSerializer, GroupSerializer and the event
 * serializers write them. An issue is one error group of the world: its title is the exception type
 * and message, its culprit the file and function, its first release the SHA of the deployment that
 * introduced it; a resolved issue names the release that fixed it (`statusDetails.inRelease`).
 */

const HOUR = 3_600_000;

export function title(issue: SentryIssue): string {
  return `${issue.group.type}: ${issue.group.value}`;
}

export function permalink(s: SentryContext, issue: SentryIssue): string {
  return `${s.web}/issues/${issue.group.id}/`;
}

function priority(issue: SentryIssue): string {
  return issue.group.level === "warning" ? "medium" : "high";
}

function substatus(s: SentryContext, issue: SentryIssue): string | null {
  const g = issue.group;
  if (g.status === "resolved") return null;
  if (g.status === "ignored") return "archived_forever";
  if (g.spike && g.lastSeen > s.asOf - 24 * HOUR) return "escalating";
  return g.firstSeen > s.asOf - 7 * 24 * HOUR ? "new" : "ongoing";
}

function statusDetails(issue: SentryIssue): JsonObject {
  return issue.group.status === "resolved" && issue.group.fixedRelease ? { inRelease: issue.group.fixedRelease } : {};
}

function metadata(issue: SentryIssue): JsonObject {
  const g = issue.group;
  return {
    type: g.type,
    value: g.value,
    filename: g.file,
    function: g.fn,
    in_app_frame_mix: "in-app-only",
    initial_priority: issue.group.level === "warning" ? 50 : 75,
  };
}

/** `[[unix seconds, events], …]`: the 24 hours (or 30 days) before as-of, oldest first. */
export function stats(s: SentryContext, events: ErrorEvent[], period: "24h" | "30d"): number[][] {
  const step = period === "24h" ? HOUR : 24 * HOUR;
  const n = period === "24h" ? 24 : 30;
  const end = Math.floor(s.asOf / step) * step;
  const out: number[][] = [];
  for (let i = n - 1; i >= 0; i--) {
    const from = end - i * step;
    out.push([from / 1000, events.filter((e) => e.at >= from && e.at < from + step).length]);
  }
  return out;
}

function users(events: ErrorEvent[]): number {
  return new Set(events.map((e) => e.userId)).size;
}

function projectRef(issue: SentryIssue): JsonObject {
  return { id: issue.project.id, name: issue.project.service.name, slug: issue.project.service.slug, platform: issue.project.platform };
}

function assignedTo(s: SentryContext, issue: SentryIssue): JsonObject {
  return { type: "team", id: s.teamId(issue.project.team), name: issue.project.team.slug };
}

/** What the list and the detail share, in Sentry's order. */
function base(s: SentryContext, issue: SentryIssue): JsonObject {
  const g = issue.group;
  return {
    id: String(g.id),
    shareId: null,
    shortId: s.shortId(issue),
    title: title(issue),
    culprit: g.culprit,
    permalink: permalink(s, issue),
    logger: null,
    level: g.level,
    status: g.status,
    statusDetails: statusDetails(issue),
    substatus: substatus(s, issue),
    isPublic: false,
    platform: issue.project.platform,
    priority: priority(issue),
    priorityLockedAt: null,
    seerFixabilityScore: null,
    seerAutofixLastTriggered: null,
    seerExplorerAutofixLastTriggered: null,
    project: projectRef(issue),
    type: "error",
    issueType: "error",
    issueCategory: "error",
    metadata: metadata(issue),
    numComments: 0,
    assignedTo: assignedTo(s, issue),
    isBookmarked: false,
    isSubscribed: false,
    subscriptionDetails: null,
    hasSeen: true,
    annotations: [],
  };
}

/** An item of the organization's and a project's issue lists. */
export function issueListItem(s: SentryContext, issue: SentryIssue): JsonObject {
  const g = issue.group;
  const counts = {
    count: String(issue.events.length),
    userCount: users(issue.events),
    firstSeen: isoSeconds(g.firstSeen),
    lastSeen: isoSeconds(lastSeen(issue)),
  };
  return {
    ...base(s, issue),
    isUnhandled: g.level === "fatal",
    ...counts,
    derivedData: {
      blocker: "none",
      progress: "none",
      status: "open",
      viewCount: 0,
      hasOpenFixPr: false,
      isAssigned: true,
      hasRootCause: false,
      lastCompletedAutofixStep: "none",
      lastProgressedAt: null,
    },
    stats: { "24h": stats(s, issue.events, "24h") },
    lifetime: { ...counts, stats: null },
    filtered: null,
    sessionCount: 0,
    inbox: { reason: 0, reason_details: null, date_added: isoSeconds(g.firstSeen) },
    owners: { type: "ownershipRule", owner: `team:${s.teamId(issue.project.team)}`, date_added: isoSeconds(g.firstSeen) },
    integrationIssues: [],
    sentryAppIssues: [],
    latestEventHasAttachments: false,
    matchingEventId: null,
    matchingEventEnvironment: null,
  };
}

export function lastSeen(issue: SentryIssue): number {
  return issue.events.at(-1)?.at ?? issue.group.firstSeen;
}

/** `GET /organizations/{org}/issues/{id}/` (and `/issues/{id}/`). */
export function issueDetail(s: SentryContext, issue: SentryIssue): JsonObject {
  const g = issue.group;
  const first = s.release(g.firstRelease);
  const last = issue.events.length ? s.release(issue.events.at(-1)!.release) : undefined;
  const activity: JsonObject[] = [];
  if (g.status === "resolved" && g.resolvedAt !== undefined && g.resolvedAt <= s.asOf) {
    activity.push({
      id: String(s.number(`activity/${g.id}/resolved`, 10_000_000, 99_999_999)),
      user: null,
      type: g.fixedRelease ? "set_resolved_in_release" : "set_resolved",
      data: g.fixedRelease ? { version: g.fixedRelease } : {},
      dateCreated: isoSeconds(g.resolvedAt),
    });
  }
  activity.push({
    id: String(s.number(`activity/${g.id}/first`, 10_000_000, 99_999_999)),
    user: null,
    type: "first_seen",
    data: { priority: priority(issue) },
    dateCreated: isoSeconds(g.firstSeen),
  });
  return {
    ...base(s, issue),
    isUnhandled: g.level === "fatal",
    count: String(issue.events.length),
    userCount: users(issue.events),
    firstSeen: isoSeconds(g.firstSeen),
    lastSeen: isoSeconds(lastSeen(issue)),
    firstRelease: first ? releaseRef(s, first) : null,
    lastRelease: last ? releaseRef(s, last) : null,
    tags: tagKeys(issue).map((key) => ({ key, name: tagName(key), totalValues: issue.events.length })),
    stats: { "24h": stats(s, issue.events, "24h"), "30d": stats(s, issue.events, "30d") },
    activity,
    seenBy: [],
    userReportCount: 0,
    participants: [],
  };
}

function releaseRef(s: SentryContext, r: SentryRelease): JsonObject {
  return releaseSummary(s, r);
}

// ---- events ----------------------------------------------------------------------------------

const TAG_NAMES: Record<string, string> = {
  environment: "Environment",
  handled: "Handled",
  level: "Level",
  release: "Release",
  server_name: "Server",
  transaction: "Transaction",
  user: "User",
};

export function tagKeys(_issue: SentryIssue): string[] {
  return Object.keys(TAG_NAMES);
}

export function tagName(key: string): string {
  return TAG_NAMES[key] ?? key;
}

/** An event's tag values, by key. */
export function tagValue(issue: SentryIssue, e: ErrorEvent, key: string): string {
  switch (key) {
    case "environment":
      return e.environment;
    case "handled":
      return issue.group.level === "fatal" ? "no" : "yes";
    case "level":
      return issue.group.level;
    case "release":
      return e.release;
    case "server_name":
      return e.serverName;
    case "transaction":
      return e.transaction;
    default:
      return `id:${e.userId}`;
  }
}

function eventTags(issue: SentryIssue, e: ErrorEvent): JsonObject[] {
  return tagKeys(issue).map((key) => ({ key, value: tagValue(issue, e, key) }));
}

function eventUser(e: ErrorEvent): JsonObject {
  return { id: e.userId, email: null, username: null, ip_address: null, name: null, geo: null, data: null };
}

/** An item of an issue's and a project's event lists. */
export function eventListItem(issue: SentryIssue, e: ErrorEvent): JsonObject {
  return {
    id: e.id,
    "event.type": "error",
    groupID: String(issue.group.id),
    eventID: e.id,
    projectID: issue.project.id,
    message: "",
    title: title(issue),
    location: issue.group.file,
    culprit: issue.group.culprit,
    user: eventUser(e),
    tags: eventTags(issue, e),
    platform: issue.project.platform,
    dateCreated: isoSeconds(e.at),
    crashFile: null,
    metadata: metadata(issue),
  };
}

const SDKS: Record<string, { name: string; version: string }> = {
  node: { name: "sentry.javascript.node", version: "8.47.0" },
  go: { name: "sentry.go", version: "0.31.1" },
  python: { name: "sentry.python", version: "2.19.2" },
  java: { name: "sentry.java", version: "7.20.0" },
  ruby: { name: "sentry.ruby", version: "5.22.1" },
  rust: { name: "sentry.rust", version: "0.35.0" },
};

/** The full event: the exception with its in-app frame, the request, contexts and neighbours. */
export function eventDetail(s: SentryContext, issue: SentryIssue, e: ErrorEvent): JsonObject {
  const g = issue.group;
  const i = issue.events.indexOf(e);
  const release = s.release(e.release);
  const http = /^(GET|POST|PUT|PATCH|DELETE) /.exec(e.transaction);
  const entries: JsonObject[] = [
    {
      type: "exception",
      data: {
        values: [
          {
            type: g.type,
            value: g.value,
            module: null,
            threadId: null,
            mechanism: { type: "generic", handled: g.level !== "fatal" },
            stacktrace: {
              frames: [
                {
                  filename: g.file,
                  absPath: g.file,
                  module: null,
                  package: null,
                  platform: null,
                  instructionAddr: null,
                  symbolAddr: null,
                  function: g.fn,
                  rawFunction: null,
                  symbol: null,
                  context: [],
                  lineNo: g.line,
                  colNo: null,
                  inApp: true,
                  trust: null,
                  errors: null,
                  lock: null,
                  sourceLink: null,
                  vars: null,
                },
              ],
              framesOmitted: null,
              registers: null,
              hasSystemFrames: false,
            },
            rawStacktrace: null,
          },
        ],
        hasSystemFrames: false,
        excOmitted: null,
      },
    },
  ];
  if (http)
    entries.push({
      type: "request",
      data: {
        method: http[1]!,
        url: `https://${issue.project.service.slug}.${s.world.company.domain}${e.transaction.slice(http[0].length)}`,
        query: [],
        fragment: null,
        data: null,
        headers: [],
        cookies: [],
        env: null,
        inferredContentType: null,
        apiTarget: null,
      },
    });
  return {
    id: e.id,
    groupID: String(g.id),
    eventID: e.id,
    projectID: issue.project.id,
    size: 4096 + (Number.parseInt(e.id.slice(0, 3), 16) % 4096),
    entries,
    dist: null,
    message: "",
    title: title(issue),
    location: g.file,
    user: eventUser(e),
    contexts: {
      runtime: { type: "runtime", name: issue.project.platform },
      trace: { type: "trace", trace_id: e.id, span_id: e.id.slice(0, 16) },
    },
    sdk: SDKS[issue.project.platform] ?? null,
    context: {},
    packages: {},
    type: "error",
    metadata: metadata(issue),
    tags: eventTags(issue, e),
    platform: issue.project.platform,
    dateReceived: isoSeconds(e.at + 1000),
    errors: [],
    occurrence: null,
    _meta: {},
    crashFile: null,
    culprit: g.culprit,
    dateCreated: isoSeconds(e.at),
    fingerprints: [s.hex(`fingerprint/${g.id}`, 32)],
    groupingConfig: { id: "newstyle:2023-01-11", enhancements: "" },
    release: release ? releaseSummary(s, release) : null,
    userReport: null,
    sdkUpdates: [],
    resolvedWith: [],
    nextEventID: issue.events[i + 1]?.id ?? null,
    previousEventID: i > 0 ? issue.events[i - 1]!.id : null,
  };
}

// ---- tags ------------------------------------------------------------------------------------

/** A tag's values over the issue's events: count, first and last seen, most frequent first. */
export function tagValues(issue: SentryIssue, key: string): JsonObject[] {
  const by = new Map<string, { count: number; first: number; last: number }>();
  for (const e of issue.events) {
    const v = tagValue(issue, e, key);
    const cur = by.get(v);
    if (cur) {
      cur.count++;
      cur.last = e.at;
    } else by.set(v, { count: 1, first: e.at, last: e.at });
  }
  return [...by]
    .sort((a, b) => b[1].count - a[1].count || b[1].last - a[1].last || (a[0] < b[0] ? -1 : 1))
    .map(([value, v]) => ({
      key,
      name: value,
      value,
      count: v.count,
      lastSeen: isoSeconds(v.last),
      firstSeen: isoSeconds(v.first),
      query: `${key}:"${value}"`,
    }));
}

/** `GET /organizations/{org}/issues/{id}/tags/{key}/`: the tag with its top values. */
export function tagDetail(issue: SentryIssue, key: string): JsonObject {
  const values = tagValues(issue, key);
  return { key, name: tagName(key), uniqueValues: values.length, totalValues: issue.events.length, topValues: values.slice(0, 9) };
}
