import { DAY, HOUR, MINUTE, isoDay, isoSeconds, startOfDay, weekday } from "../clock.js";
import type { Person } from "../org/types.js";
import { type AiTool, type AiContext, type AiSeat, type CodeDay, type ModelUsage, organizer } from "./usage.js";
import { CLAUDE_LINES, CLAUDE_MODELS } from "../vocabulary.js";

/** The tool this file models, and the namespace of its keyed ids: renaming it would move every id. */
const TOOL = "claude" satisfies AiTool;

/** Claude's own part of the AI activity, beside its seats and its API and Claude Code usage (ModelUsage). */
export interface ClaudePart {
  /** What each Claude Code user did with it on a day: sessions, lines, commits, pull requests, tool decisions. */
  claudeCode: ClaudeCodeDay[];
  /** The company's product calling the Claude API in production, with a key of its own (none without a Claude seat). */
  claudeProduction?: ClaudeProduction;
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

/** The product's own Claude API use, not a person's: from its launch, every complete UTC hour, per model. */
export interface ClaudeProduction {
  /** The Claude seat holder who set it up: its workspace and API key are theirs. */
  ownerId: number;
  launchedAt: number;
  hours: Array<Omit<ModelUsage, "tool" | "product" | "day" | "personId" | "teamId"> & { hour: number }>;
}

/**
 * Claude's usage (keyed `ai/claude/…`): the API under the team's workspace and Claude Code, per person,
 * model and UTC day from the day after their seat began, on the days they worked in the repositories
 * (`code`, usage.ts codeDays); what Claude Code did on those days; and the product's production use.
 */
export function buildClaude(c: AiContext, seats: AiSeat[], code: Map<number, Map<number, CodeDay>>): ClaudePart & { usage: ModelUsage[] } {
  const usage: ModelUsage[] = [];
  const claudeCode: ClaudeCodeDay[] = [];
  for (const person of c.people) {
    const seat = seats.find((s) => s.tool === TOOL && s.personId === person.id);
    if (!seat) continue;
    for (const [day, work] of [...(code.get(person.id)?.entries() ?? [])].sort(([a], [b]) => a - b)) {
      // From the day after the seat began: its first day's work may have come before it.
      if (day > startOfDay(seat.since)) claudeDay(c, person, day, work, usage, claudeCode);
    }
  }
  const byDayPerson = <T extends { day: number; personId: number }>(a: T, b: T) => a.day - b.day || a.personId - b.personId;
  // The API's rows before the agent's (Claude Code) of the same day and person, then by model.
  const api = (u: ModelUsage) => (u.product === "api" ? 0 : 1);
  usage.sort((a, b) => byDayPerson(a, b) || api(a) - api(b) || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));
  claudeCode.sort(byDayPerson);
  const production = claudeProduction(c, seats);
  return { usage, claudeCode, ...(production ? { claudeProduction: production } : {}) };
}

function claudeDay(c: AiContext, person: Person, day: number, work: CodeDay, usage: ModelUsage[], code: ClaudeCodeDay[]): void {
  const r = c.rng(`ai/claude/user/${person.id}/day/${isoDay(day)}`);
  const favourite = claudeModel(c.rng(`ai/claude/user/${person.id}`).weighted(CLAUDE_LINES), day);
  const tokens = (
    requests: number,
    cached: boolean,
  ): Pick<ModelUsage, "inputTokens" | "cacheWriteTokens" | "cacheReadTokens" | "outputTokens"> => {
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
      tool: TOOL,
      product: "api",
      day,
      personId: person.id,
      teamId: person.teamId,
      model: favourite,
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
      tool: TOOL,
      product: "agent",
      day,
      personId: person.id,
      teamId: person.teamId,
      model,
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

/**
 * The company's product calls the Claude API in production, with a workspace and an API key of its own that
 * a Claude seat holder set up (organizer) a few days into the window: requests in every hour of the day,
 * most in the customers' afternoon (around 15:00 UTC), fewest at night and at weekends. Haiku answers the
 * product's assistant, Sonnet its harder questions; the product's long system prompt is read from the cache.
 * Only complete hours before the as-of, keyed per hour: each build appends the hours since the last.
 */
function claudeProduction(c: AiContext, seats: AiSeat[]): ClaudeProduction | undefined {
  const owner = organizer(c, seats, TOOL);
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
