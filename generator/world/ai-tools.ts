import { createHash } from "node:crypto";
import { DAY, HOUR, MINUTE, isoDay, startOfDay, weekday } from "./clock.js";
import type { Rng } from "./rng.js";
import type {
  AiSeat, AiTool, ChatGptConversation, ChatGptGpt, ChatGptProject, ChatGptWorkspace, ClaudeCodeDay, ClaudeUsage, CursorDay, CursorEvent,
  Person, Repo, Team, WorkItem,
} from "./types.js";
import { CHATGPT_MODELS, CHATGPT_TOPICS, CLAUDE_LINES, CLAUDE_MODELS, CURSOR_EXTENSIONS, CURSOR_MODELS, CURSOR_VERSIONS, GPT_IDEAS } from "./vocabulary.js";

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
  claude.sort((a, b) => byDayPerson(a, b) || (a.product < b.product ? -1 : a.product > b.product ? 1 : 0) || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
  claudeCode.sort(byDayPerson);
  cursor.sort(byDayPerson);
  return { seats, claude, claudeCode, cursor, chatgpt: buildChatGpt(c, seats, code) };
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
    for (const f of files) (d.additions += f.additions), (d.deletions += f.deletions);
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
  const tokens = (requests: number, cached: boolean): Omit<ClaudeUsage, "day" | "personId" | "teamId" | "model" | "product" | "requests" | "webSearches"> => {
    const prompt = requests * r.int(800, 6_000);
    const read = cached ? Math.floor(prompt * r.int(30, 85) / 100) : 0;
    const write = cached ? Math.floor((prompt - read) * r.int(10, 40) / 100) : 0;
    return { inputTokens: prompt - read - write, cacheWriteTokens: write, cacheReadTokens: read, outputTokens: requests * r.int(120, 1_400) };
  };
  if (r.chance(0.45)) {
    const requests = r.int(4, 160);
    usage.push({ day, personId: person.id, teamId: person.teamId, model: favourite, product: "api", requests, ...tokens(requests, r.chance(0.6)), webSearches: r.chance(0.2) ? r.int(1, 12) : 0 });
  }
  // Claude Code on most days with commits; never more commits or lines than the person made that day.
  if (work.commits === 0 || !r.chance(0.75)) return;
  const sessions = r.int(1, 6);
  const models = r.chance(0.35) ? [...new Set([favourite, claudeModel(r.weighted(CLAUDE_LINES), day)])].sort() : [favourite];
  for (const model of models) {
    const requests = sessions * r.int(6, 40);
    usage.push({ day, personId: person.id, teamId: person.teamId, model, product: "claude_code", requests, ...tokens(requests, true), webSearches: 0 });
  }
  const share = r.int(20, 90) / 100;
  const tool = (scale: number) => {
    const accepted = Math.round(work.commits * scale * r.int(1, 6));
    return { accepted, rejected: Math.floor(accepted * r.int(0, 30) / 100) };
  };
  code.push({
    day, personId: person.id, sessions,
    linesAdded: Math.floor(work.additions * share), linesRemoved: Math.floor(work.deletions * share),
    commits: Math.max(1, Math.floor(work.commits * share)),
    pullRequests: work.pullsOpened === 0 ? 0 : Math.min(work.pullsOpened, Math.max(r.chance(share) ? 1 : 0, Math.floor(work.pullsOpened * share))),
    tools: { edit: tool(3), multi_edit: tool(1), write: tool(1), notebook_edit: { accepted: 0, rejected: 0 } },
    terminal: r.pick(["vscode", "iTerm.app", "Apple_Terminal", "ghostty", "tmux"]),
  });
}

/** The newest model of a Claude line that was available on `day` (released, not yet retired). */
function claudeModel(line: string, day: number): string {
  const live = CLAUDE_MODELS.filter((m) => m.line === line && Date.parse(`${m.released}T00:00:00Z`) <= day && (!m.retires || Date.parse(`${m.retires}T00:00:00Z`) > day));
  return live.at(-1)?.id ?? CLAUDE_MODELS[0]!.id;
}

function cursorDay(c: AiContext, person: Person, day: number, work: CodeDay): CursorDay | undefined {
  const r = c.rng(`ai/cursor/user/${person.id}/day/${isoDay(day)}`);
  if (!r.chance(0.85)) return undefined;
  const favourite = c.rng(`ai/cursor/user/${person.id}`).weighted(CURSOR_MODELS);
  const written = work.additions + work.deletions;
  const linesAdded = Math.max(work.additions, r.int(5, 60)) + r.int(0, Math.floor(work.additions / 2));
  const linesDeleted = work.deletions + r.int(0, Math.floor(work.deletions / 3) + 4);
  const acceptedLinesAdded = Math.min(linesAdded, Math.floor(linesAdded * r.int(25, 80) / 100));
  const acceptedLinesDeleted = Math.min(linesDeleted, Math.floor(linesDeleted * r.int(20, 70) / 100));
  const applies = r.int(written > 0 ? 2 : 0, 30);
  const accepts = Math.floor(applies * r.int(40, 90) / 100);
  const rejects = Math.floor((applies - accepts) * r.int(0, 80) / 100);
  const tabsShown = r.int(20, 600);
  const tabsAccepted = Math.floor(tabsShown * r.int(15, 45) / 100);
  const agentRequests = r.int(1, 25);
  const chatRequests = r.int(0, 10);
  const cmdkUsages = r.int(0, 8);
  const composerRequests = r.int(0, 4);
  const bugbotUsages = work.pullsOpened > 0 && r.chance(0.4) ? r.int(1, 2 * work.pullsOpened) : 0;
  const metered = agentRequests + chatRequests + cmdkUsages;
  // The plan's allowance runs out for heavy users late in the month: those requests are billed by usage.
  const monthDay = new Date(day).getUTCDate();
  const usageBasedRequests = metered > 18 && monthDay > 20 ? Math.floor(metered * r.int(10, 60) / 100) : 0;
  const events: CursorEvent[] = [];
  const kinds: CursorEvent["kind"][] = [
    ...Array.from({ length: agentRequests }, () => "agent" as const), ...Array.from({ length: chatRequests }, () => "chat" as const),
    ...Array.from({ length: cmdkUsages }, () => "cmdk" as const),
  ];
  const times = kinds.map(() => workingMinute(day, person, r)).sort((a, b) => a - b);
  kinds.forEach((kind, i) => {
    const model = r.chance(0.8) ? favourite : r.weighted(CURSOR_MODELS);
    const big = kind === "agent";
    const input = r.int(big ? 2_000 : 400, big ? 40_000 : 6_000);
    const read = big ? Math.floor(input * r.int(40, 90) / 100) : 0;
    events.push({
      at: times[i]!, model, kind, maxMode: big && r.chance(0.1), usageBased: i >= kinds.length - usageBasedRequests,
      inputTokens: input - read, outputTokens: r.int(big ? 300 : 60, big ? 6_000 : 1_200), cacheWriteTokens: big ? r.int(0, 4_000) : 0, cacheReadTokens: read,
    });
  });
  return {
    day, personId: person.id, clientVersion: r.pick(CURSOR_VERSIONS), model: favourite, linesAdded, linesDeleted, acceptedLinesAdded, acceptedLinesDeleted,
    applies, accepts, rejects, tabsShown, tabsAccepted, composerRequests, chatRequests, agentRequests, cmdkUsages, bugbotUsages,
    includedRequests: metered - usageBasedRequests, usageBasedRequests, applyExtension: r.pick(CURSOR_EXTENSIONS), tabExtension: r.pick(CURSOR_EXTENSIONS), events,
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

function hashId(seed: string, path: string): string {
  return createHash("sha256").update(`${seed}\u0000chatgpt\u0000${path}`).digest("hex");
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
      id: `g-p-${hashId(c.seed, `project/${team.slug}`).slice(0, 32)}`, ownerId: owner.personId, name: `${team.name} team`,
      instructions: `You help the ${team.name} team. Our work is tracked under ${team.key}; answer with code in our repositories' languages.`,
      createdAt, updatedAt: Math.min(c.asOf, createdAt + r.int(1, 40) * DAY), memberIds: members.map((s) => s.personId).sort((a, b) => a - b),
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
      id: `g-${hashId(c.seed, `gpt/${i}`).slice(0, 9)}`, ownerId: owner.personId, name, description,
      instructions: `${description} Be brief, cite the file or ticket you rely on, and say when you are unsure.`,
      createdAt, updatedAt: Math.min(c.asOf, createdAt + r.int(0, 30) * DAY), sharing: r.weighted([["workspace", 6], ["private", 2], ["link", 1]] as const),
    });
  }
  gpts.sort((a, b) => a.createdAt - b.createdAt);
  const repoNames = c.repos.map((r) => r.name);
  const conversations: ChatGptConversation[] = [];
  for (const seat of holders) {
    const p = person.get(seat.personId)!;
    const days = [...(code.get(p.id)?.keys() ?? [])].filter((d) => d > startOfDay(seat.since) && weekday(d) !== 0 && weekday(d) !== 6).sort((a, b) => a - b);
    const project = projects.find((pr) => pr.memberIds.includes(p.id));
    for (const day of days) {
      const r = c.rng(`ai/chatgpt/user/${p.id}/day/${isoDay(day)}`);
      if (!r.chance(0.55)) continue;
      const count = r.int(1, 3);
      for (let n = 0; n < count; n++) {
        const [topic, question] = r.pick(CHATGPT_TOPICS);
        const repo = r.pick(repoNames);
        const title = topic.replace("{repo}", repo);
        const createdAt = workingMinute(day, p, r);
        if (createdAt > c.asOf) continue;
        const gpt = gpts.find((g) => g.createdAt < createdAt && (g.sharing !== "private" || g.ownerId === p.id) && r.chance(0.15));
        const id = uuidOf(hashId(c.seed, `conversation/${p.id}/${isoDay(day)}/${n}`));
        const turns = r.int(1, 4);
        const messages: ChatGptConversation["messages"] = [];
        let at = createdAt;
        for (let t = 0; t < turns && at <= c.asOf; t++) {
          messages.push({ id: uuidOf(hashId(c.seed, `message/${id}/${2 * t}`)), at, role: "user", text: t === 0 ? question.replace("{repo}", repo) : r.pick(["Can you show that as code?", "What would break if we did that?", "Shorter, please.", "And how do we test it?"]) });
          at += r.int(3, 40) * 1000;
          if (at > c.asOf) break;
          messages.push({ id: uuidOf(hashId(c.seed, `message/${id}/${2 * t + 1}`)), at, role: "assistant", text: `For ${repo}: ${r.pick(["start with a failing test that shows the problem, then make the smallest change that passes it.", "keep the change behind a flag and roll it out to one environment first.", "read the error from the innermost cause; the outer ones only wrap it.", "measure first: the slow part is rarely where it looks."])}` });
          at += r.int(1, 15) * MINUTE;
        }
        conversations.push({
          id, personId: p.id, title, createdAt, updatedAt: messages.at(-1)!.at, model: gpt ? "gpt-5" : r.weighted(CHATGPT_MODELS),
          ...(gpt ? { gptId: gpt.id } : {}), ...(project && !gpt && r.chance(0.25) ? { projectId: project.id } : {}), messages,
        });
      }
    }
  }
  conversations.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  return { conversations, gpts, projects };
}
