import type { JsonObject, ComputeInput, JsonValue, Resource } from "../../core/provider.js";
import { isoDay } from "../../world/clock.js";
import type { CursorDay } from "../../world/types.js";
import type { CursorContext, Member } from "./context.js";

/**
 * The frozen data every computed answer reads (decision 0007): the team, the daily usage rows, the
 * metered requests and the AI code tracking records, written by the build under `_snapverse/cursor/`
 * (which the resolver never serves) and read by the handlers with `input.read(key)`. Costs are not
 * frozen: the handlers price the tokens with prices.ts, so the price table is the one place a cost
 * comes from.
 */
export const DATA = {
  team: "_snapverse/cursor/team.json",
  daily: "_snapverse/cursor/daily-usage.json",
  events: "_snapverse/cursor/usage-events.csv",
  commits: "_snapverse/cursor/ai-code-commits.json",
  changes: "_snapverse/cursor/ai-code-changes.json",
} as const;

export interface TeamMember {
  id: string;
  userId: number;
  name: string;
  email: string;
  role: string;
  /** When the seat was given and when the member joined (ms). */
  invitedAt: number;
  since: number;
}

export interface TeamData {
  asOf: number;
  subscriptionCycleStart: number;
  members: TeamMember[];
}

/** One metered request, as the events CSV freezes it. */
export interface UsageEvent {
  at: number;
  userId: number;
  email: string;
  model: string;
  kind: "agent" | "chat" | "cmdk";
  maxMode: boolean;
  usageBased: boolean;
  inputTokens: number;
  outputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  /** A request of a cloud agent an automation ran (headless), not of the editor. */
  cloudAgentId?: string;
  automationId?: string;
}

const EVENT_COLUMNS = [
  "timestamp",
  "user_id",
  "email",
  "model",
  "kind",
  "max_mode",
  "usage_based",
  "input_tokens",
  "output_tokens",
  "cache_write_tokens",
  "cache_read_tokens",
  "cloud_agent_id",
  "automation_id",
];

function teamMember(m: Member): TeamMember {
  return {
    id: m.id,
    userId: m.userId,
    name: m.person.name,
    email: m.person.email,
    role: m.role,
    invitedAt: m.seat.invitedAt,
    since: m.seat.since,
  };
}

/**
 * A day of use as `/teams/daily-usage-data` reports it, in the documented field order. The counts of
 * requests are raw usage events (the docs say so): the included ones and those billed by usage.
 * Extensions are written with their dot, as the documented example does (`.tsx`).
 */
export function dailyRow(m: Member, d: CursorDay): JsonObject {
  return {
    userId: m.userId,
    day: isoDay(d.day),
    date: d.day,
    isActive: true,
    totalLinesAdded: d.linesAdded,
    totalLinesDeleted: d.linesDeleted,
    acceptedLinesAdded: d.acceptedLinesAdded,
    acceptedLinesDeleted: d.acceptedLinesDeleted,
    totalApplies: d.applies,
    totalAccepts: d.accepts,
    totalRejects: d.rejects,
    totalTabsShown: d.tabsShown,
    totalTabsAccepted: d.tabsAccepted,
    composerRequests: d.composerRequests,
    chatRequests: d.chatRequests,
    agentRequests: d.agentRequests,
    cmdkUsages: d.cmdkUsages,
    subscriptionIncludedReqs: d.includedRequests,
    apiKeyReqs: 0,
    usageBasedReqs: d.usageBasedRequests,
    bugbotUsages: d.bugbotUsages,
    mostUsedModel: d.model,
    applyMostUsedExtension: `.${d.applyExtension}`,
    tabMostUsedExtension: `.${d.tabExtension}`,
    clientVersion: d.clientVersion,
    email: m.person.email,
  };
}

/** The same row for a member without activity that day (paginated requests list every member). */
export function inactiveRow(m: TeamMember, day: number): JsonObject {
  return {
    userId: m.userId,
    day: isoDay(day),
    date: day,
    isActive: false,
    totalLinesAdded: 0,
    totalLinesDeleted: 0,
    acceptedLinesAdded: 0,
    acceptedLinesDeleted: 0,
    totalApplies: 0,
    totalAccepts: 0,
    totalRejects: 0,
    totalTabsShown: 0,
    totalTabsAccepted: 0,
    composerRequests: 0,
    chatRequests: 0,
    agentRequests: 0,
    cmdkUsages: 0,
    subscriptionIncludedReqs: 0,
    apiKeyReqs: 0,
    usageBasedReqs: 0,
    bugbotUsages: 0,
    mostUsedModel: null,
    applyMostUsedExtension: null,
    tabMostUsedExtension: null,
    clientVersion: null,
    email: m.email,
  };
}

/**
 * Every metered request of the team, newest first (the order Cursor lists usage events in): the editor's,
 * and those of the cloud agents the team's automations ran, which are their owner's.
 */
export function usageEvents(c: CursorContext): UsageEvent[] {
  const out: UsageEvent[] = [];
  for (const d of c.world.ai.cursor) {
    const m = c.member(d.personId);
    if (!m) continue;
    for (const e of d.events) {
      out.push({
        at: e.at,
        userId: m.userId,
        email: m.person.email,
        model: e.model,
        kind: e.kind,
        maxMode: e.maxMode,
        usageBased: e.usageBased,
        inputTokens: e.inputTokens,
        outputTokens: e.outputTokens,
        cacheWriteTokens: e.cacheWriteTokens,
        cacheReadTokens: e.cacheReadTokens,
      });
    }
  }
  for (const a of c.world.ai.cursorAutomations) {
    const m = c.member(a.ownerId);
    if (!m) continue;
    for (const run of a.runs) {
      for (const e of run.events) {
        out.push({
          at: e.at,
          userId: m.userId,
          email: m.person.email,
          model: e.model,
          kind: e.kind,
          maxMode: e.maxMode,
          usageBased: e.usageBased,
          inputTokens: e.inputTokens,
          outputTokens: e.outputTokens,
          cacheWriteTokens: e.cacheWriteTokens,
          cacheReadTokens: e.cacheReadTokens,
          cloudAgentId: run.cloudAgentId,
          automationId: a.id,
        });
      }
    }
  }
  // A stable sort: one person's same-instant requests keep the world's order.
  return out.sort((a, b) => b.at - a.at || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

export function eventsCsv(events: UsageEvent[]): string {
  const lines = events.map((e) =>
    [
      e.at,
      e.userId,
      e.email,
      e.model,
      e.kind,
      e.maxMode,
      e.usageBased,
      e.inputTokens,
      e.outputTokens,
      e.cacheWriteTokens,
      e.cacheReadTokens,
      e.cloudAgentId ?? "",
      e.automationId ?? "",
    ].join(","),
  );
  return `${EVENT_COLUMNS.join(",")}\n${lines.map((l) => `${l}\n`).join("")}`;
}

export function parseEventsCsv(text: string): UsageEvent[] {
  return text
    .split("\n")
    .slice(1)
    .filter((l) => l !== "")
    .map((line) => {
      const f = line.split(",");
      return {
        at: Number(f[0]),
        userId: Number(f[1]),
        email: f[2]!,
        model: f[3]!,
        kind: f[4] as UsageEvent["kind"],
        maxMode: f[5] === "true",
        usageBased: f[6] === "true",
        inputTokens: Number(f[7]),
        outputTokens: Number(f[8]),
        cacheWriteTokens: Number(f[9]),
        cacheReadTokens: Number(f[10]),
        ...(f[11] ? { cloudAgentId: f[11] } : {}),
        ...(f[12] ? { automationId: f[12] } : {}),
      };
    });
}

export function* dataResources(c: CursorContext, ai: { commits: JsonObject[]; changes: JsonObject[] }): Generator<Resource> {
  const team: TeamData = { asOf: c.world.asOf, subscriptionCycleStart: c.cycleStart, members: c.members.map(teamMember) };
  yield { path: DATA.team, body: team as unknown as JsonValue };
  const rows = c.world.ai.cursor.flatMap((d) => {
    const m = c.member(d.personId);
    return m ? [dailyRow(m, d)] : [];
  });
  rows.sort((a, b) => (a.date as number) - (b.date as number) || (a.email! < b.email! ? -1 : a.email! > b.email! ? 1 : 0));
  yield { path: DATA.daily, body: rows };
  yield { path: DATA.events, body: { raw: eventsCsv(usageEvents(c)), contentType: "text/csv; charset=utf-8" } };
  yield { path: DATA.commits, body: ai.commits };
  yield { path: DATA.changes, body: ai.changes };
}

/**
 * A frozen data file, parsed once per server for as long as its bytes stay the same (a new nightly
 * build changes them). Handlers stay pure: the cache holds only what the same bytes always parse to.
 */
const parsed = new Map<string, { text: string; value: unknown }>();

export async function readData<T>(
  input: Pick<ComputeInput, "read">,
  key: string,
  parse: (text: string) => T = (t) => JSON.parse(t) as T,
): Promise<T | undefined> {
  const text = await input.read(key);
  if (text === undefined) return undefined;
  const hit = parsed.get(key);
  if (hit && hit.text === text) return hit.value as T;
  const value = parse(text);
  parsed.set(key, { text, value });
  return value;
}
