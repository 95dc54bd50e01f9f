import { DAY, HOUR, MINUTE, isoDay, isoSeconds, scheduleSlots, startOfDay } from "../clock.js";
import type { Person } from "../org/types.js";
import { type AiTool, type AiContext, type AiSeat, type CodeDay, hashId, organizer, uuidOf, workingMinute } from "./usage.js";
import { CURSOR_EXTENSIONS, CURSOR_MODELS, CURSOR_VERSIONS } from "../vocabulary.js";

/** The tool this file models, and the namespace of its keyed ids: renaming it would move every id. */
const TOOL = "cursor" satisfies AiTool;

/** Cursor's own part of the AI activity, beside its seats. */
export interface CursorPart {
  /** Cursor editor activity per person and UTC day. */
  cursor: CursorDay[];
  /** Cursor Automations on the live schedule (Generation.schedule): none in a pinned generation. */
  cursorAutomations: CursorAutomation[];
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

/** A scheduled Cursor Automation: each firing runs a cloud agent, whose requests are its owner's usage events. */
export interface CursorAutomation {
  id: string;
  ownerId: number;
  name: string;
  createdAt: number;
  runs: Array<{ cloudAgentId: string; at: number; events: CursorEvent[] }>;
}

/**
 * Cursor's editor activity (keyed `ai/cursor/…`), per person and UTC day from the day after their seat
 * began, on the days they worked in the repositories (`code`, usage.ts codeDays), and its automations.
 */
export function buildCursor(c: AiContext, seats: AiSeat[], code: Map<number, Map<number, CodeDay>>): CursorPart {
  const cursor: CursorDay[] = [];
  for (const person of c.people) {
    const seat = seats.find((s) => s.tool === TOOL && s.personId === person.id);
    if (!seat) continue;
    for (const [day, work] of [...(code.get(person.id)?.entries() ?? [])].sort(([a], [b]) => a - b)) {
      if (day <= startOfDay(seat.since)) continue;
      const d = cursorDay(c, person, day, work);
      if (d) cursor.push(d);
    }
  }
  cursor.sort((a, b) => a.day - b.day || a.personId - b.personId);
  return { cursor, cursorAutomations: cursorAutomations(c, seats) };
}

function cursorDay(c: AiContext, person: Person, day: number, work: CodeDay): CursorDay | undefined {
  const r = c.rng(`ai/cursor/user/${person.id}/day/${isoDay(day)}`);
  if (!r.chance(0.85)) return undefined;
  const favourite = c.rng(`ai/cursor/user/${person.id}`).weighted(CURSOR_MODELS);
  const written = work.additions + work.deletions;
  const linesAdded = Math.max(work.additions, r.int(5, 60)) + r.int(0, Math.floor(work.additions / 2));
  const linesDeleted = work.deletions + r.int(0, Math.floor(work.deletions / 3) + 4);
  const acceptedLinesAdded = Math.min(linesAdded, Math.floor((linesAdded * r.int(25, 80)) / 100));
  const acceptedLinesDeleted = Math.min(linesDeleted, Math.floor((linesDeleted * r.int(20, 70)) / 100));
  const applies = r.int(written > 0 ? 2 : 0, 30);
  const accepts = Math.floor((applies * r.int(40, 90)) / 100);
  const rejects = Math.floor(((applies - accepts) * r.int(0, 80)) / 100);
  const tabsShown = r.int(20, 600);
  const tabsAccepted = Math.floor((tabsShown * r.int(15, 45)) / 100);
  const agentRequests = r.int(1, 25);
  const chatRequests = r.int(0, 10);
  const cmdkUsages = r.int(0, 8);
  const composerRequests = r.int(0, 4);
  // Drawn whether or not a pull request was opened yet: as the as-of day's work grows from build to build,
  // the draws after it (the requests' times) must stay put.
  const [bugbotRoll, bugbotRuns] = [r.chance(0.4), r.int(1, 2 * Math.max(1, work.pullsOpened))];
  const bugbotUsages = work.pullsOpened > 0 && bugbotRoll ? bugbotRuns : 0;
  const metered = agentRequests + chatRequests + cmdkUsages;
  // The plan's allowance runs out for heavy users late in the month: those requests are billed by usage.
  const monthDay = new Date(day).getUTCDate();
  const usageBasedRequests = metered > 18 && monthDay > 20 ? Math.floor((metered * r.int(10, 60)) / 100) : 0;
  const events: CursorEvent[] = [];
  const kinds: CursorEvent["kind"][] = [
    ...Array.from({ length: agentRequests }, () => "agent" as const),
    ...Array.from({ length: chatRequests }, () => "chat" as const),
    ...Array.from({ length: cmdkUsages }, () => "cmdk" as const),
  ];
  const times = kinds.map(() => workingMinute(day, person, r)).sort((a, b) => a - b);
  kinds.forEach((kind, i) => {
    const model = r.chance(0.8) ? favourite : r.weighted(CURSOR_MODELS);
    const big = kind === "agent";
    const input = r.int(big ? 2_000 : 400, big ? 40_000 : 6_000);
    const read = big ? Math.floor((input * r.int(40, 90)) / 100) : 0;
    events.push({
      at: times[i]!,
      model,
      kind,
      maxMode: big && r.chance(0.1),
      usageBased: i >= kinds.length - usageBasedRequests,
      inputTokens: input - read,
      outputTokens: r.int(big ? 300 : 60, big ? 6_000 : 1_200),
      cacheWriteTokens: big ? r.int(0, 4_000) : 0,
      cacheReadTokens: read,
    });
  });
  // The whole day is drawn, then only what happened by the as-of is kept (the as-of day's later requests do
  // not exist yet): its requests so far, and the editor's counts in the same share. Earlier days keep all.
  const kept = events.filter((e) => e.at <= c.asOf);
  if (kept.length === 0) return undefined;
  const share = (n: number) => Math.floor((n * kept.length) / events.length);
  const count = (kind: CursorEvent["kind"]) => kept.filter((e) => e.kind === kind).length;
  const billed = kept.filter((e) => e.usageBased).length;
  const [appliesSoFar, acceptsSoFar] = [share(applies), share(accepts)];
  return {
    day,
    personId: person.id,
    clientVersion: r.pick(CURSOR_VERSIONS),
    model: favourite,
    linesAdded,
    linesDeleted,
    acceptedLinesAdded,
    acceptedLinesDeleted,
    applies: appliesSoFar,
    accepts: acceptsSoFar,
    rejects: Math.min(share(rejects), appliesSoFar - acceptsSoFar),
    tabsShown: share(tabsShown),
    tabsAccepted: share(tabsAccepted),
    composerRequests: share(composerRequests),
    chatRequests: count("chat"),
    agentRequests: count("agent"),
    cmdkUsages: count("cmdk"),
    bugbotUsages,
    includedRequests: kept.length - billed,
    usageBasedRequests: billed,
    applyExtension: r.pick(CURSOR_EXTENSIONS),
    tabExtension: r.pick(CURSOR_EXTENSIONS),
    events: kept,
  };
}

/**
 * Cursor Automations run cloud agents on a schedule (cursor.com/automations). A Cursor seat holder
 * (organizer) set one on the live schedule (Generation.schedule, so a pinned universe has none): at every
 * slot a cloud agent looks at what failed since the previous run (CI on main, new errors) and sums up what
 * needs a person. Its requests are usage events of its owner, billed by usage. A run starts just
 * after its slot, so a build never holds its own slot's run; runs and their requests are keyed per slot.
 */
function cursorAutomations(c: AiContext, seats: AiSeat[]): CursorAutomation[] {
  const owner = organizer(c, seats, TOOL);
  if (!c.schedule || !owner) return [];
  const r = c.rng("ai/cursor/automation/triage");
  const createdAt = startOfDay(Math.max(c.start, owner.since)) + r.int(2, 12) * DAY + r.int(9, 16) * HOUR + r.int(0, 59) * MINUTE;
  if (createdAt > c.asOf) return [];
  const model = r.weighted([
    ["claude-4.5-sonnet", 3],
    ["gpt-5", 1],
  ] as const);
  const runs: CursorAutomation["runs"] = [];
  for (const slot of scheduleSlots(c.schedule, createdAt, c.asOf)) {
    const d = c.rng(`ai/cursor/automation/triage/run/${isoSeconds(slot)}`);
    const events: CursorEvent[] = [];
    let at = slot + d.int(20, 90) * 1000;
    for (let n = d.int(3, 12); n > 0 && at <= c.asOf; n--) {
      const input = d.int(6_000, 60_000);
      const read = Math.floor((input * d.int(50, 90)) / 100);
      events.push({
        at,
        model,
        kind: "agent",
        maxMode: true,
        usageBased: true,
        inputTokens: input - read,
        outputTokens: d.int(400, 5_000),
        cacheWriteTokens: d.int(0, 6_000),
        cacheReadTokens: read,
      });
      at += d.int(15, 180) * 1000;
    }
    if (events.length > 0)
      runs.push({ cloudAgentId: `bc-${uuidOf(hashId(c.seed, TOOL, `automation/triage/run/${isoSeconds(slot)}`))}`, at: slot, events });
  }
  return [
    {
      id: uuidOf(hashId(c.seed, TOOL, "automation/triage")),
      ownerId: owner.personId,
      name: "Triage failures since the last run",
      createdAt,
      runs,
    },
  ];
}
