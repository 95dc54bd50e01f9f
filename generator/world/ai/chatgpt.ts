import { DAY, HOUR, MINUTE, isoDay, isoSeconds, startOfDay } from "../clock.js";
import type { Person } from "../org/types.js";
import type { Rng } from "../rng.js";
import { type AiTool, type AiContext, type AiSeat, type CodeDay, hashId, uuidOf, workingMinute } from "./usage.js";
import { CHATGPT_MODELS, CHATGPT_TOPICS, GPT_IDEAS } from "../vocabulary.js";

/** The tool this file models, and the namespace of its keyed ids: renaming it would move every id. */
const TOOL = "chatgpt" satisfies AiTool;

/** ChatGPT Enterprise's own part of the AI activity, beside its seats. */
export interface ChatGptPart {
  /** ChatGPT Enterprise: conversations, custom GPTs and projects of the workspace. */
  chatgpt: ChatGptWorkspace;
}

export interface ChatGptWorkspace {
  conversations: ChatGptConversation[];
  gpts: ChatGptGpt[];
  projects: ChatGptProject[];
}

export interface ChatGptConversation {
  id: string;
  personId: number;
  title: string;
  createdAt: number;
  updatedAt: number;
  model: string;
  gptId?: string;
  projectId?: string;
  messages: Array<{ id: string; at: number; role: "user" | "assistant"; text: string }>;
}

export interface ChatGptGpt {
  id: string;
  ownerId: number;
  name: string;
  description: string;
  instructions: string;
  createdAt: number;
  updatedAt: number;
  /** Who may use it: only its owner, the workspace, or anyone with the link. */
  sharing: "private" | "workspace" | "link";
}

export interface ChatGptProject {
  id: string;
  ownerId: number;
  name: string;
  instructions: string;
  createdAt: number;
  updatedAt: number;
  memberIds: number[];
}

/** The off-hours questions' windows (buildChatGpt). */
const ASK_WINDOW = 6 * HOUR;

/** Whether it is 07:00-23:00 where `p` lives at `at`: when someone asks a question outside work. */
function awakeAt(p: Person, at: number): boolean {
  const local = ((((at % DAY) / MINUTE + p.utcOffsetMinutes) % 1440) + 1440) % 1440;
  return local >= 7 * 60 && local < 23 * 60;
}

/** ChatGPT Enterprise's workspace (keyed `ai/chatgpt/…`): its projects, custom GPTs and conversations. */
export function buildChatGpt(c: AiContext, seats: AiSeat[], code: Map<number, Map<number, CodeDay>>): ChatGptWorkspace {
  const holders = seats.filter((s) => s.tool === TOOL);
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
      id: `g-p-${hashId(c.seed, TOOL, `project/${team.slug}`).slice(0, 32)}`,
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
      id: `g-${hashId(c.seed, TOOL, `gpt/${i}`).slice(0, 9)}`,
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
    const id = uuidOf(hashId(c.seed, TOOL, key));
    const turns = r.int(1, 4);
    const messages: ChatGptConversation["messages"] = [];
    let at = createdAt;
    for (let t = 0; t < turns && at <= c.asOf; t++) {
      messages.push({
        id: uuidOf(hashId(c.seed, TOOL, `message/${id}/${2 * t}`)),
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
        id: uuidOf(hashId(c.seed, TOOL, `message/${id}/${2 * t + 1}`)),
        at,
        role: "assistant",
        text:
          `For ${repo}` +
          `: ${r.pick([
            "start with a failing test that shows the problem, then make the smallest change that " + "passes it.",
            "keep the change behind a flag and roll it out to one environment first.",
            "read the error from the innermost cause; the outer ones only wrap it.",
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
