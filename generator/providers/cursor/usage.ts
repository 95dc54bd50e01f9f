import type { Reply } from "../../core/compute.js";
import type { JsonObject, ComputeHandler, ComputeInput } from "../../core/provider.js";
import { DAY, startOfDay } from "../../world/clock.js";
import { DATA, inactiveRow, parseEventsCsv, readData, type TeamData, type TeamMember, type UsageEvent } from "./data.js";
import { notFound } from "./errors.js";
import { cents, feeUnits, modelUnits } from "./prices.js";
import { asOfOf, badRequest, fail, isReply, objectBody, ok, pageWindow, slice, wholeNumber } from "./request.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The Admin API's POST reports, computed from the frozen data (data.ts) for the body's range, filters
 * and page:
 * - `POST /teams/daily-usage-data`: one row per member and UTC day in `[startDate, endDate]` (a day
 *   counts when any of it lies in the range), at most 30 days. Without `page` and `pageSize`, only the
 *   days members were active; with both, every member with a seat during the range for every day of it
 *   (`isActive: false` rows of zeros and nulls), paged by member, with a `pagination` object.
 * - `POST /teams/spend`: each member's spend in the current billing cycle, searched, sorted and paged.
 * - `POST /teams/filtered-usage-events`: the metered requests in the range, newest first, filtered and
 *   paged, each priced from prices.ts.
 */
const MAX_DAILY_RANGE = 30 * DAY;
const MAX_EVENTS_PAGE = 1000;
const HOSTING_TYPES = ["CLOUD", "SELF_HOSTED", "SELF_HOSTED_POOL", "SELF_HOSTED_MACHINE"];

async function team(input: ComputeInput): Promise<TeamData | Reply> {
  return (await readData<TeamData>(input, DATA.team)) ?? fail(notFound);
}

function byEmail(a: { email: string }, b: { email: string }): number {
  return a.email < b.email ? -1 : a.email > b.email ? 1 : 0;
}

/** An epoch-milliseconds bound of a body: a number (or a numeric string), else undefined. */
function epoch(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === "string" && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

// --- Daily usage ----------------------------------------------------------------------------------------

const dailyUsage: ComputeHandler = async (input) => {
  const body = objectBody(input);
  if (isReply(body)) return body;
  if (body.startDate === undefined || body.endDate === undefined) return badRequest("startDate and endDate are required");
  const start = epoch(body.startDate);
  const end = epoch(body.endDate);
  if (start === undefined || end === undefined) return badRequest("startDate and endDate must be epoch milliseconds");
  if (start > end) return badRequest("startDate must be before endDate");
  if (end - start > MAX_DAILY_RANGE) return badRequest("Date range cannot exceed 30 days");
  const t = await team(input);
  if (isReply(t)) return t;
  const rows = await readData<JsonObject[]>(input, DATA.daily);
  if (!rows) return fail(notFound);
  const asOf = asOfOf(input);
  const inRange = (day: number) => day + DAY > start && day <= end && day <= asOf;
  const period = { startDate: start, endDate: end };
  // Pagination only when both `page` and `pageSize` are sent, as the docs say.
  if (body.page === undefined || body.pageSize === undefined) {
    return ok({ data: rows.filter((r) => inRange(r.date as number)), period });
  }
  const w = pageWindow(body.page, body.pageSize, { size: 1000 });
  if (typeof w === "string") return badRequest(w);
  const firstDay = startOfDay(start);
  const lastDay = Math.min(startOfDay(end), startOfDay(asOf));
  // Members with a seat during the range; those who joined after it are left out.
  const users = t.members.filter((m) => startOfDay(m.since) <= lastDay).sort(byEmail);
  const page = slice(users, w);
  const active = new Map(rows.filter((r) => inRange(r.date as number)).map((r) => [`${r.userId}/${r.date}`, r]));
  const data: JsonObject[] = [];
  for (let day = firstDay; day <= lastDay; day += DAY) {
    for (const m of page) {
      if (startOfDay(m.since) > day) continue;
      data.push(active.get(`${m.userId}/${day}`) ?? inactiveRow(m, day));
    }
  }
  const totalPages = Math.ceil(users.length / w.size);
  return ok({
    data,
    period,
    pagination: {
      page: w.page,
      pageSize: w.size,
      totalUsers: users.length,
      totalPages,
      hasNextPage: w.page < totalPages,
      hasPreviousPage: w.page > 1,
    },
  });
};

// --- Usage events ---------------------------------------------------------------------------------------

/** One usage event as `/teams/filtered-usage-events` lists it, in the documented field order. */
export function eventBody(e: UsageEvent): JsonObject {
  const model = modelUnits(e.model, e);
  const fee = feeUnits(e.model, e);
  return {
    timestamp: String(e.at),
    userEmail: e.email,
    // A cloud agent's request names the agent and the automation that ran it (the docs' optional fields).
    ...(e.cloudAgentId ? { cloudAgentId: e.cloudAgentId } : {}),
    ...(e.automationId ? { automationId: e.automationId } : {}),
    model: e.model,
    kind: e.usageBased ? "Usage-based" : "Included in Business",
    maxMode: e.maxMode,
    requestsCosts: 1,
    isTokenBasedCall: true,
    isChargeable: e.usageBased,
    isHeadless: e.cloudAgentId !== undefined,
    tokenUsage: {
      inputTokens: e.inputTokens,
      outputTokens: e.outputTokens,
      cacheWriteTokens: e.cacheWriteTokens,
      cacheReadTokens: e.cacheReadTokens,
      totalCents: cents(model),
    },
    chargedCents: cents(model + fee),
    ...(fee > 0 ? { cursorTokenFee: cents(fee) } : {}),
  };
}

const filteredUsageEvents: ComputeHandler = async (input) => {
  const body = objectBody(input);
  if (isReply(body)) return body;
  const asOf = asOfOf(input);
  const end = body.endDate === undefined || body.endDate === null ? asOf : epoch(body.endDate);
  const start = body.startDate === undefined || body.startDate === null ? (end ?? asOf) - 30 * DAY : epoch(body.startDate);
  if (start === undefined || end === undefined) return badRequest("startDate and endDate must be epoch milliseconds");
  if (start > end) return badRequest("startDate must be before endDate");
  const w = pageWindow(body.page, body.pageSize, { size: 100, max: MAX_EVENTS_PAGE });
  if (typeof w === "string") return badRequest(w);
  if (body.hostingType !== undefined && body.hostingType !== null && !HOSTING_TYPES.includes(String(body.hostingType))) {
    return badRequest(`Invalid hostingType. Expected one of: ${HOSTING_TYPES.join(", ")}`);
  }
  let userId: number | undefined;
  if (body.userId !== undefined && body.userId !== null) {
    userId = wholeNumber(body.userId, 0);
    if (userId === undefined) return badRequest("userId must be a number");
  }
  const email = typeof body.email === "string" && body.email !== "" ? body.email.toLowerCase() : undefined;
  const events = await readData(input, DATA.events, parseEventsCsv);
  if (!events) return fail(notFound);
  // People's requests are made in the editor or by the cloud agents their automations run (on Cursor's
  // cloud); the team has no service account and no self-hosted agents.
  const given = (k: string) => body[k] !== undefined && body[k] !== null && body[k] !== "";
  const agent = (e: UsageEvent) =>
    !given("serviceAccountId") &&
    (!given("cloudAgentId") || e.cloudAgentId === String(body.cloudAgentId)) &&
    (!given("automationId") || e.automationId === String(body.automationId)) &&
    (!given("hostingType") || (body.hostingType === "CLOUD" && e.cloudAgentId !== undefined));
  const matching = events.filter(
    (e) =>
      e.at >= start &&
      e.at <= end &&
      (userId === undefined || e.userId === userId) &&
      (email === undefined || e.email.toLowerCase() === email) &&
      agent(e),
  );
  const numPages = Math.ceil(matching.length / w.size);
  return ok({
    totalUsageEventsCount: matching.length,
    pagination: { numPages, currentPage: w.page, pageSize: w.size, hasNextPage: w.page < numPages, hasPreviousPage: w.page > 1 },
    usageEvents: slice(matching, w).map(eventBody),
    period: { startDate: start, endDate: end },
  });
};

// --- Spend ----------------------------------------------------------------------------------------------

/** What a member spent in the billing cycle, in 1e-7 cents: on demand (usage-based) and overall. */
export interface CycleSpend {
  onDemand: number;
  overall: number;
  usageBasedRequests: number;
}

export function cycleSpend(events: UsageEvent[], cycleStart: number, asOf: number): Map<number, CycleSpend> {
  const out = new Map<number, CycleSpend>();
  for (const e of events) {
    if (e.at < cycleStart || e.at > asOf) continue;
    const s = out.get(e.userId) ?? { onDemand: 0, overall: 0, usageBasedRequests: 0 };
    const units = modelUnits(e.model, e) + feeUnits(e.model, e);
    s.overall += units;
    if (e.usageBased) {
      s.onDemand += units;
      s.usageBasedRequests++;
    }
    out.set(e.userId, s);
  }
  return out;
}

/** The per-user limit the team enforces: no member has an override or a limit of their own. */
export const TEAM_PER_USER_LIMIT_DOLLARS = 200;

function spendRow(m: TeamMember, s: CycleSpend | undefined): JsonObject {
  return {
    userId: m.id,
    spendCents: cents(s?.onDemand ?? 0),
    overallSpendCents: cents(s?.overall ?? 0),
    fastPremiumRequests: s?.usageBasedRequests ?? 0,
    name: m.name,
    email: m.email,
    role: m.role,
    hardLimitOverrideDollars: 0,
    monthlyLimitDollars: null,
    effectivePerUserLimitDollars: TEAM_PER_USER_LIMIT_DOLLARS,
  };
}

const spend: ComputeHandler = async (input) => {
  const body = objectBody(input);
  if (isReply(body)) return body;
  const sortBy = body.sortBy ?? "date";
  if (sortBy !== "amount" && sortBy !== "date" && sortBy !== "user") return badRequest("sortBy must be one of: amount, date, user");
  const direction = body.sortDirection ?? "desc";
  if (direction !== "asc" && direction !== "desc") return badRequest("sortDirection must be one of: asc, desc");
  if (body.searchTerm !== undefined && body.searchTerm !== null && typeof body.searchTerm !== "string")
    return badRequest("searchTerm must be a string");
  const w = pageWindow(body.page, body.pageSize, { size: 100 });
  if (typeof w === "string") return badRequest(w);
  const t = await team(input);
  if (isReply(t)) return t;
  const events = await readData(input, DATA.events, parseEventsCsv);
  if (!events) return fail(notFound);
  const spent = cycleSpend(events, t.subscriptionCycleStart, asOfOf(input));
  const term = typeof body.searchTerm === "string" ? body.searchTerm.trim().toLowerCase() : "";
  const found = t.members.filter((m) => term === "" || m.name.toLowerCase().includes(term) || m.email.toLowerCase().includes(term));
  // `date` orders by when the member joined the team, `user` by name, `amount` by on-demand spend;
  // ties fall back to the email, ascending, so every order is total.
  const key = (m: TeamMember): number | string =>
    sortBy === "amount" ? (spent.get(m.userId)?.onDemand ?? 0) : sortBy === "date" ? m.since : m.name.toLowerCase();
  const sign = direction === "asc" ? 1 : -1;
  found.sort((a, b) => {
    const ka = key(a),
      kb = key(b);
    return (ka < kb ? -sign : ka > kb ? sign : 0) || byEmail(a, b);
  });
  return ok({
    teamMemberSpend: slice(found, w).map((m) => spendRow(m, spent.get(m.userId))),
    subscriptionCycleStart: t.subscriptionCycleStart,
    totalMembers: found.length,
    totalPages: Math.ceil(found.length / w.size),
  });
};

export const usageRoutes: ComputedRoute[] = [
  { method: "POST", path: "^teams/daily-usage-data$", handler: "daily-usage-data", run: dailyUsage },
  { method: "POST", path: "^teams/filtered-usage-events$", handler: "filtered-usage-events", run: filteredUsageEvents },
  { method: "POST", path: "^teams/spend$", handler: "spend", run: spend },
];
