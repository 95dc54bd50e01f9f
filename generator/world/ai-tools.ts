import { createHash } from "node:crypto";
import { DAY, HOUR, MINUTE, isoDay, isoSeconds, scheduleSlots, startOfDay, weekday } from "./clock.js";
import type { Rng } from "./rng.js";
import type {
  AiSeat,
  AiTool,
  ChatGptConversation,
  ChatGptGpt,
  ChatGptProject,
  ChatGptWorkspace,
  ClaudeCodeDay,
  ClaudeProduction,
  ClaudeUsage,
  CursorAutomation,
  CursorDay,
  CursorEvent,
  Person,
  Repo,
  Team,
  WorkItem,
} from "./types.js";
import {
  CHATGPT_MODELS,
  CHATGPT_TOPICS,
  CLAUDE_LINES,
  CLAUDE_MODELS,
  CURSOR_EXTENSIONS,
  CURSOR_MODELS,
  CURSOR_VERSIONS,
  GPT_IDEAS,
} from "./vocabulary.js";

/** What the AI-usage builders read of the world. */
export interface AiContext {
  seed: string;
  rng: (path: string) => Rng;
  start: number;
  asOf: number;
  people: Person[];
  teams: Team[];
  repos: Repo[];
  workItems: WorkItem[];
  /** The live universe's schedule (Generation.schedule): what runs on it exists in the live universe only. */
  schedule?: { at: string; every: number };
}

/** What one person did in the repositories on one UTC day: the ground every AI tool's usage stands on. */
interface CodeDay {
  commits: number;
  additions: number;
  deletions: number;
  pullsOpened: number;
  reviews: number;
}

export interface AiTools {
  seats: AiSeat[];
  claude: ClaudeUsage[];
  claudeCode: ClaudeCodeDay[];
  cursor: CursorDay[];
  chatgpt: ChatGptWorkspace;
  claudeProduction?: ClaudeProduction;
  cursorAutomations: CursorAutomation[];
}

/** The share of engineers with a seat on each tool, and of those the share who had it before the window. */
const ADOPTION: Record<AiTool, { share: number; early: number }> = {
  claude: { share: 0.6, early: 0.45 },
  cursor: { share: 0.7, early: 0.55 },
  chatgpt: { share: 0.9, early: 0.8 },
};

/**
 * Seats and use of the tools licensed per seat (Claude, Cursor, ChatGPT Enterprise), as keyed streams of
 * their own (`ai/<tool>/…`), so that adding them changed no earlier stream. A person uses a tool only from
 * the day their seat starts, and only on UTC days they committed, opened a pull request or reviewed; the
 * numbers they produce there are bounded by what they did in the repositories that day.
 */
export function buildAiTools(c: AiContext): AiTools {
  const code = codeDays(c);
  const seats = buildSeats(c);
  const seatOf = (tool: AiTool, personId: number) => seats.find((s) => s.tool === tool && s.personId === personId);
  const claude: ClaudeUsage[] = [];
  const claudeCode: ClaudeCodeDay[] = [];
  const cursor: CursorDay[] = [];
  for (const person of c.people) {
    const days = [...(code.get(person.id)?.entries() ?? [])].sort(([a], [b]) => a - b);
    const claudeSeat = seatOf("claude", person.id);
    const cursorSeat = seatOf("cursor", person.id);
    for (const [day, work] of days) {
      // From the day after the seat began: its first day's work may have come before it.
      if (claudeSeat && day > startOfDay(claudeSeat.since)) claudeDay(c, person, day, work, claude, claudeCode);
      if (cursorSeat && day > startOfDay(cursorSeat.since)) {
        const d = cursorDay(c, person, day, work);
        if (d) cursor.push(d);
      }
    }
  }
  const byDayPerson = <T extends { day: number; personId: number }>(a: T, b: T) => a.day - b.day || a.personId - b.personId;
  claude.sort(
    (a, b) =>
      byDayPerson(a, b) ||
      (a.product < b.product ? -1 : a.product > b.product ? 1 : 0) ||
      (a.model < b.model ? -1 : a.model > b.model ? 1 : 0),
  );
  claudeCode.sort(byDayPerson);
  cursor.sort(byDayPerson);
  const production = claudeProduction(c, seats);
  return {
    seats,
    claude,
    claudeCode,
    cursor,
    chatgpt: buildChatGpt(c, seats, code),
    ...(production ? { claudeProduction: production } : {}),
    cursorAutomations: cursorAutomations(c, seats),
  };
}

function codeDays(c: AiContext): Map<number, Map<number, CodeDay>> {
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

function buildSeats(c: AiContext): AiSeat[] {
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

function claudeDay(c: AiContext, person: Person, day: number, work: CodeDay, usage: ClaudeUsage[], code: ClaudeCodeDay[]): void {
  const r = c.rng(`ai/claude/user/${person.id}/day/${isoDay(day)}`);
  const favourite = claudeModel(c.rng(`ai/claude/user/${person.id}`).weighted(CLAUDE_LINES), day);
  const tokens = (
    requests: number,
    cached: boolean,
  ): Omit<ClaudeUsage, "day" | "personId" | "teamId" | "model" | "product" | "requests" | "webSearches"> => {
    const prompt = requests * r.int(800, 6_000);
    const read = cached ? Math.floor((prompt * r.int(30, 85)) / 100) : 0;
    const write = cached ? Math.floor(((prompt - read) * r.int(10, 40)) / 100) : 0;
    return {
      inputTokens: prompt - read - write,
      cacheWriteTokens: write,
      cacheReadTokens: read,
      outputTokens: requests * r.int(120, 1_400),
    };
  };
  if (r.chance(0.45)) {
    const requests = r.int(4, 160);
    usage.push({
      day,
      personId: person.id,
      teamId: person.teamId,
      model: favourite,
      product: "api",
      requests,
      ...tokens(requests, r.chance(0.6)),
      webSearches: r.chance(0.2) ? r.int(1, 12) : 0,
    });
  }
  // Claude Code on most days with commits; never more commits or lines than the person made that day.
  if (work.commits === 0 || !r.chance(0.75)) return;
  const sessions = r.int(1, 6);
  const models = r.chance(0.35) ? [...new Set([favourite, claudeModel(r.weighted(CLAUDE_LINES), day)])].sort() : [favourite];
  for (const model of models) {
    const requests = sessions * r.int(6, 40);
    usage.push({
      day,
      personId: person.id,
      teamId: person.teamId,
      model,
      product: "claude_code",
      requests,
      ...tokens(requests, true),
      webSearches: 0,
    });
  }
  const share = r.int(20, 90) / 100;
  const tool = (scale: number) => {
    const accepted = Math.round(work.commits * scale * r.int(1, 6));
    return { accepted, rejected: Math.floor((accepted * r.int(0, 30)) / 100) };
  };
  code.push({
    day,
    personId: person.id,
    sessions,
    linesAdded: Math.floor(work.additions * share),
    linesRemoved: Math.floor(work.deletions * share),
    commits: Math.max(1, Math.floor(work.commits * share)),
    pullRequests:
      work.pullsOpened === 0 ? 0 : Math.min(work.pullsOpened, Math.max(r.chance(share) ? 1 : 0, Math.floor(work.pullsOpened * share))),
    tools: { edit: tool(3), multi_edit: tool(1), write: tool(1), notebook_edit: { accepted: 0, rejected: 0 } },
    terminal: r.pick(["vscode", "iTerm.app", "Apple_Terminal", "ghostty", "tmux"]),
  });
}

/** The newest model of a Claude line that was available on `day` (released, not yet retired). */
function claudeModel(line: string, day: number): string {
  const live = CLAUDE_MODELS.filter(
    (m) => m.line === line && Date.parse(`${m.released}T00:00:00Z`) <= day && (!m.retires || Date.parse(`${m.retires}T00:00:00Z`) > day),
  );
  return live.at(-1)?.id ?? CLAUDE_MODELS[0]!.id;
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
 * An instant in the person's working day (09:00–18:00 in their zone) that falls on the UTC day `day`: a
 * working day that straddles UTC midnight wraps, so each day's events stay on that day in every report.
 */
function workingMinute(day: number, person: Person, r: Rng): number {
  const start = (((9 * 60 - person.utcOffsetMinutes) % 1440) + 1440) % 1440;
  return day + ((start + r.int(0, 9 * 60 - 1)) % 1440) * MINUTE + r.int(0, 59) * 1000;
}

/** The off-hours questions' windows (buildChatGpt). */
const ASK_WINDOW = 6 * HOUR;

/** Whether it is 07:00-23:00 where `p` lives at `at`: when someone asks a question outside work. */
function awakeAt(p: Person, at: number): boolean {
  const local = ((((at % DAY) / MINUTE + p.utcOffsetMinutes) % 1440) + 1440) % 1440;
  return local >= 7 * 60 && local < 23 * 60;
}

function hashId(seed: string, path: string, tool: AiTool = "chatgpt"): string {
  return createHash("sha256").update(`${seed}\u0000${tool}\u0000${path}`).digest("hex");
}

function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function buildChatGpt(c: AiContext, seats: AiSeat[], code: Map<number, Map<number, CodeDay>>): ChatGptWorkspace {
  const holders = seats.filter((s) => s.tool === "chatgpt");
  const person = new Map(c.people.map((p) => [p.id, p]));
  const projects: ChatGptProject[] = [];
  for (const team of c.teams) {
    const members = holders.filter((s) => person.get(s.personId)!.teamId === team.id);
    if (members.length === 0) continue;
    const owner = members.find((s) => s.personId === team.leadId) ?? members[0]!;
    const r = c.rng(`ai/chatgpt/project/${team.slug}`);
    const createdAt = Math.max(owner.since, c.start) + r.int(1, 20) * HOUR;
    if (createdAt > c.asOf) continue;
    projects.push({
      id: `g-p-${hashId(c.seed, `project/${team.slug}`).slice(0, 32)}`,
      ownerId: owner.personId,
      name: `${team.name} team`,
      instructions:
        `You help the ${team.name} team. Our work is tracked under ${team.key}; answer with code ` + `in our repositories' languages.`,
      createdAt,
      updatedAt: Math.min(c.asOf, createdAt + r.int(1, 40) * DAY),
      memberIds: members.map((s) => s.personId).sort((a, b) => a - b),
    });
  }
  const gpts: ChatGptGpt[] = [];
  for (const [i, [name, description]] of GPT_IDEAS.entries()) {
    const r = c.rng(`ai/chatgpt/gpt/${i}`);
    const owner = r.pick(holders.length ? holders : []);
    if (!owner) break;
    const createdAt = Math.max(owner.since, c.start) + r.int(1, 30) * DAY + r.int(9, 17) * HOUR;
    if (createdAt > c.asOf) continue;
    gpts.push({
      id: `g-${hashId(c.seed, `gpt/${i}`).slice(0, 9)}`,
      ownerId: owner.personId,
      name,
      description,
      instructions: `${description} Be brief, cite the file or ticket you rely on, and say when you are unsure.`,
      createdAt,
      updatedAt: Math.min(c.asOf, createdAt + r.int(0, 30) * DAY),
      sharing: r.weighted([
        ["workspace", 6],
        ["private", 2],
        ["link", 1],
      ] as const),
    });
  }
  gpts.sort((a, b) => a.createdAt - b.createdAt);
  const repoNames = c.repos.map((r) => r.name);
  const conversations: ChatGptConversation[] = [];
  /** One conversation of `p`: a topic about one of the repositories, begun at `when()` (after the topic is drawn). */
  const talk = (r: Rng, p: Person, key: string, when: () => number) => {
    const [topic, question] = r.pick(CHATGPT_TOPICS);
    const repo = r.pick(repoNames);
    const title = topic.replace("{repo}", repo);
    const createdAt = when();
    if (createdAt > c.asOf) return;
    const project = projects.find((pr) => pr.memberIds.includes(p.id));
    const gpt = gpts.find((g) => g.createdAt < createdAt && (g.sharing !== "private" || g.ownerId === p.id) && r.chance(0.15));
    const id = uuidOf(hashId(c.seed, key));
    const turns = r.int(1, 4);
    const messages: ChatGptConversation["messages"] = [];
    let at = createdAt;
    for (let t = 0; t < turns && at <= c.asOf; t++) {
      messages.push({
        id: uuidOf(hashId(c.seed, `message/${id}/${2 * t}`)),
        at,
        role: "user",
        text:
          t === 0
            ? question.replace("{repo}", repo)
            : r.pick(["Can you show that as code?", "What would break if we did that?", "Shorter, please.", "And how do we test it?"]),
      });
      at += r.int(3, 40) * 1000;
      if (at > c.asOf) break;
      messages.push({
        id: uuidOf(hashId(c.seed, `message/${id}/${2 * t + 1}`)),
        at,
        role: "assistant",
        text: `For ${repo}: ${r.pick([
          "start with a failing test that shows the problem, then make the smallest change that passes it.",
          "keep the " + "change behind a flag and roll it out to one environment first.",
          "read the " + "error from the innermost cause; the outer ones only wrap it.",
          "measure first: the slow part is rarely where it looks.",
        ])}`,
      });
      at += r.int(1, 15) * MINUTE;
    }
    conversations.push({
      id,
      personId: p.id,
      title,
      createdAt,
      updatedAt: messages.at(-1)!.at,
      model: gpt ? "gpt-5" : r.weighted(CHATGPT_MODELS),
      ...(gpt ? { gptId: gpt.id } : {}),
      ...(project && !gpt && r.chance(0.25) ? { projectId: project.id } : {}),
      messages,
    });
  };
  // On the days they work in the repositories (weekends too: the world's code is written on them as well).
  for (const seat of holders) {
    const p = person.get(seat.personId)!;
    const days = [...(code.get(p.id)?.keys() ?? [])].filter((d) => d > startOfDay(seat.since)).sort((a, b) => a - b);
    for (const day of days) {
      const r = c.rng(`ai/chatgpt/user/${p.id}/day/${isoDay(day)}`);
      if (!r.chance(0.55)) continue;
      const count = r.int(1, 3);
      for (let n = 0; n < count; n++) talk(r, p, `conversation/${p.id}/${isoDay(day)}/${n}`, () => workingMinute(day, p, r));
    }
  }
  // And at any hour: questions away from the day's code (an evening, a weekend). In every six-hour UTC window
  // someone awake then (07:00-23:00 where they live; the company spans UTC-8 to UTC+8) asks one or two, so
  // the workspace is never quiet for long. Keyed per window: a build adds the windows since the last one.
  for (let w = startOfDay(c.start); w <= c.asOf; w += ASK_WINDOW) {
    const r = c.rng(`ai/chatgpt/window/${isoSeconds(w)}`);
    const count = r.int(1, 2);
    for (let n = 0; n < count; n++) {
      const at = w + r.int(0, ASK_WINDOW / MINUTE - 1) * MINUTE + r.int(0, 59) * 1000;
      const awake = holders.filter((s) => s.since < at && awakeAt(person.get(s.personId)!, at));
      if (awake.length === 0) continue;
      talk(r, person.get(r.pick(awake).personId)!, `conversation/window/${isoSeconds(w)}/${n}`, () => at);
    }
  }
  conversations.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  return { conversations, gpts, projects };
}

/** Who sets up something for the whole company: the first seat holder of the tool among admins and team leads (else the first). */
function organizer(c: AiContext, seats: AiSeat[], tool: AiTool): AiSeat | undefined {
  const leads = new Set(c.teams.map((t) => t.leadId));
  const holders = seats.filter((s) => s.tool === tool);
  return holders.find((s) => leads.has(s.personId) || c.people[s.personId - 1]?.admin) ?? holders[0];
}

/**
 * The company's product calls the Claude API in production, with a workspace and an API key of its own that
 * a Claude seat holder set up (organizer) a few days into the window: requests in every hour of the day,
 * most in the customers' afternoon (around 15:00 UTC), fewest at night and at weekends. Haiku answers the
 * product's assistant, Sonnet its harder questions; the product's long system prompt is read from the cache.
 * Only complete hours before the as-of, keyed per hour: each build appends the hours since the last.
 */
function claudeProduction(c: AiContext, seats: AiSeat[]): ClaudeProduction | undefined {
  const owner = organizer(c, seats, "claude");
  if (!owner) return undefined;
  const r = c.rng("ai/claude/production");
  const launchedAt = startOfDay(Math.max(c.start, owner.since)) + r.int(2, 12) * DAY + r.int(9, 16) * HOUR + r.int(0, 59) * MINUTE;
  const base = r.int(60, 180);
  const hours: ClaudeProduction["hours"] = [];
  for (let hour = launchedAt - (launchedAt % HOUR) + HOUR; hour + HOUR <= c.asOf; hour += HOUR) {
    const d = c.rng(`ai/claude/production/${isoSeconds(hour)}`);
    const fromPeak = Math.abs((((hour % DAY) / HOUR - 15 + 36) % 24) - 12);
    const load = (0.25 + 0.75 * Math.exp(-(fromPeak * fromPeak) / 30)) * (weekday(hour) === 0 || weekday(hour) === 6 ? 0.5 : 1);
    const requests = Math.max(4, Math.round((base * load * d.int(80, 120)) / 100));
    const use = (n: number, input: number, output: number) => {
      const prompt = n * d.int(input, 3 * input);
      const read = Math.floor((prompt * d.int(55, 85)) / 100);
      const write = Math.floor(((prompt - read) * d.int(2, 12)) / 100);
      return {
        requests: n,
        inputTokens: prompt - read - write,
        cacheWriteTokens: write,
        cacheReadTokens: read,
        outputTokens: n * d.int(output, 4 * output),
      };
    };
    hours.push({ hour, model: claudeModel("haiku", startOfDay(hour)), ...use(requests, 900, 80), webSearches: 0 });
    const hard = Math.floor((requests * d.int(0, 15)) / 100);
    if (hard > 0)
      hours.push({
        hour,
        model: claudeModel("sonnet", startOfDay(hour)),
        ...use(hard, 2_500, 300),
        webSearches: d.chance(0.3) ? d.int(1, hard) : 0,
      });
  }
  return { ownerId: owner.personId, launchedAt, hours };
}

/**
 * Cursor Automations run cloud agents on a schedule (cursor.com/automations). A Cursor seat holder
 * (organizer) set one on the live schedule (Generation.schedule, so a pinned universe has none): at every
 * slot a cloud agent looks at what failed since the previous run (CI on main, new errors) and sums up what
 * needs a person. Its requests are usage events of its owner, billed by usage. A run starts just
 * after its slot, so a build never holds its own slot's run; runs and their requests are keyed per slot.
 */
function cursorAutomations(c: AiContext, seats: AiSeat[]): CursorAutomation[] {
  const owner = organizer(c, seats, "cursor");
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
      runs.push({ cloudAgentId: `bc-${uuidOf(hashId(c.seed, `automation/triage/run/${isoSeconds(slot)}`, "cursor"))}`, at: slot, events });
  }
  return [
    {
      id: uuidOf(hashId(c.seed, "automation/triage", "cursor")),
      ownerId: owner.personId,
      name: "Triage failures since the last run",
      createdAt,
      runs,
    },
  ];
}
