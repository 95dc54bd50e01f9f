import { hash } from "node:crypto";
import { uuidFromHex } from "../ids.js";
import { DAY, HOUR, MINUTE, startOfDay } from "../clock.js";
import type { WorldInput } from "../input.js";
import type { Rng } from "../rng.js";
import type { Person } from "../org/types.js";

/**
 * The neutral core of the company's AI use: who holds a seat on which tool, and how many requests and
 * tokens each person spent on which model on which UTC day. Every tool's own file (openai.ts, claude.ts,
 * cursor.ts, chatgpt.ts, devin.ts) builds on it and adds only what is the tool's own.
 */

/** What the AI-usage builders read of the world. */
export type AiContext = Pick<WorldInput, "seed" | "rng" | "start" | "asOf" | "people" | "teams" | "repos" | "workItems" | "schedule">;

/** The AI tools the company's people use, each with a file of its own beside this one. */
export type AiTool = "openai" | "claude" | "cursor" | "chatgpt" | "devin";

/** The tools licensed per seat (Claude, Cursor, ChatGPT Enterprise). */
export type SeatTool = Extract<AiTool, "claude" | "cursor" | "chatgpt">;

export interface AiSeat {
  tool: SeatTool;
  personId: number;
  /** When the seat was given (the person was invited, then joined). */
  invitedAt: number;
  since: number;
  role: "admin" | "member";
}

/**
 * One person's use of one model through one tool on one UTC day, under their team. Tokens are counted
 * apart: `inputTokens` is the prompt's uncached part, the cache's reads and writes are their own counts.
 */
export interface ModelUsage {
  tool: AiTool;
  /** Called through the tool's API, or by its coding agent on the person's behalf (Claude Code). */
  product: "api" | "agent";
  day: number;
  personId: number;
  teamId: number;
  model: string;
  requests: number;
  inputTokens: number;
  cacheWriteTokens: number;
  cacheReadTokens: number;
  outputTokens: number;
  webSearches: number;
}

/** What one person did in the repositories on one UTC day: the ground every AI tool's usage stands on. */
export interface CodeDay {
  commits: number;
  additions: number;
  deletions: number;
  pullsOpened: number;
  reviews: number;
}

/** The share of engineers with a seat on each tool, and of those the share who had it before the window. */
const ADOPTION: Record<SeatTool, { share: number; early: number }> = {
  claude: { share: 0.6, early: 0.45 },
  cursor: { share: 0.7, early: 0.55 },
  chatgpt: { share: 0.9, early: 0.8 },
};

export function codeDays(c: AiContext): Map<number, Map<number, CodeDay>> {
  const out = new Map<number, Map<number, CodeDay>>();
  const at = (personId: number | undefined, when: number): CodeDay | undefined => {
    if (personId === undefined || personId > c.people.length || when > c.asOf) return undefined;
    if (!out.has(personId)) out.set(personId, new Map());
    const days = out.get(personId)!;
    const day = startOfDay(when);
    if (!days.has(day)) days.set(day, { commits: 0, additions: 0, deletions: 0, pullsOpened: 0, reviews: 0 });
    return days.get(day);
  };
  const commit = (authorId: number, when: number, files: Array<{ additions: number; deletions: number }>) => {
    const d = at(authorId, when);
    if (!d) return;
    d.commits++;
    for (const f of files) {
      d.additions += f.additions;
      d.deletions += f.deletions;
    }
  };
  for (const repo of c.repos) {
    for (const cm of repo.mainCommits.slice(1)) commit(cm.authorId, cm.authoredAt, cm.files);
    for (const pr of repo.pulls) {
      const opened = at(pr.authorId, pr.createdAt);
      if (opened) opened.pullsOpened++;
      for (const cm of pr.commits) commit(cm.authorId, cm.authoredAt, cm.files);
      for (const review of pr.reviews) {
        const d = at(review.reviewerId, review.submittedAt);
        if (d) d.reviews++;
      }
    }
  }
  return out;
}

/** The UTC days on which each person authored a commit, opened a pull request, reviewed, or moved an item. */
export function activeDays(c: AiContext): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  const mark = (personId: number | undefined, at: number) => {
    if (personId === undefined || personId > c.people.length || at > c.asOf) return;
    if (!out.has(personId)) out.set(personId, new Set());
    out.get(personId)!.add(startOfDay(at));
  };
  for (const repo of c.repos) {
    for (const commit of repo.mainCommits.slice(1)) mark(commit.authorId, commit.authoredAt);
    for (const pr of repo.pulls) {
      mark(pr.authorId, pr.createdAt);
      for (const commit of pr.commits) mark(commit.authorId, commit.authoredAt);
      for (const review of pr.reviews) mark(review.reviewerId, review.submittedAt);
    }
  }
  for (const item of c.workItems) for (const t of item.transitions) mark(t.byId, t.at);
  return out;
}

export function buildSeats(c: AiContext): AiSeat[] {
  const seats: AiSeat[] = [];
  const window = Math.max(1, Math.floor((c.asOf - c.start) / DAY));
  for (const tool of ["claude", "cursor", "chatgpt"] as const) {
    for (const person of c.people) {
      const r = c.rng(`ai/${tool}/seat/${person.id}`);
      if (!r.chance(ADOPTION[tool].share)) continue;
      const earliest = startOfDay(person.joinedAt) + DAY;
      const wanted = r.chance(ADOPTION[tool].early) ? c.start - r.int(5, 240) * DAY : c.start + r.int(0, Math.floor(window * 0.8)) * DAY;
      const invitedAt = Math.max(earliest, wanted) + r.int(9, 17) * HOUR + r.int(0, 59) * MINUTE;
      if (invitedAt > c.asOf) continue;
      const since = Math.min(c.asOf, invitedAt + r.int(5, 60 * 24) * MINUTE);
      seats.push({ tool, personId: person.id, invitedAt, since, role: person.admin ? "admin" : "member" });
    }
  }
  return seats.sort((a, b) => a.since - b.since || (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0) || a.personId - b.personId);
}

/**
 * An instant in the person's working day (09:00–18:00 in their zone) that falls on the UTC day `day`: a
 * working day that straddles UTC midnight wraps, so each day's events stay on that day in every report.
 */
export function workingMinute(day: number, person: Person, r: Rng): number {
  const start = (((9 * 60 - person.utcOffsetMinutes) % 1440) + 1440) % 1440;
  return day + ((start + r.int(0, 9 * 60 - 1)) % 1440) * MINUTE + r.int(0, 59) * 1000;
}

/** Who sets up something for the whole company: the first seat holder of the tool among admins and team leads (else the first). */
export function organizer(c: AiContext, seats: AiSeat[], tool: SeatTool): AiSeat | undefined {
  const leads = new Set(c.teams.map((t) => t.leadId));
  const holders = seats.filter((s) => s.tool === tool);
  return holders.find((s) => leads.has(s.personId) || c.people[s.personId - 1]?.admin) ?? holders[0];
}

/** A hex digest naming one of a tool's objects (`path`): the seed, the tool and the path, hashed. */
export function hashId(seed: string, tool: AiTool, path: string): string {
  return hash("sha256", `${seed}\u0000${tool}\u0000${path}`, "hex");
}

export function uuidOf(hex: string): string {
  return uuidFromHex(hex, "a");
}
