import { hash } from "node:crypto";
import { DAY, HOUR, MINUTE, isoDay, isoSeconds, scheduleSlots, startOfDay, weekday } from "../clock.js";
import type { AiContext, AiTool } from "./usage.js";
import { DEVIN_TASKS } from "../vocabulary.js";

/** The tool this file models, and the namespace of its keyed ids: renaming it would move every id. */
const TOOL = "devin" satisfies AiTool;

/** Devin's own part of the AI activity. */
export interface DevinPart {
  devin: DevinSession[];
}

export interface DevinSession {
  id: string;
  personId: number;
  title: string;
  status: "working" | "blocked" | "finished" | "stopped";
  createdAt: number;
  updatedAt: number;
  tags: string[];
  repoId: number;
  workItemKey?: string;
  /** The pull request the session's work became, in the same world. */
  pull?: { repoId: number; number: number };
  messages: Array<{ at: number; origin: "user" | "devin"; text: string }>;
  attachments: Array<{ id: string; name: string; at: number; content: string }>;
  acus: number;
}

function sessionId(seed: string, path: string): string {
  return `devin-${hash("sha256", `${seed}\u0000devin\u0000${path}`, "hex").slice(0, 32)}`;
}

/**
 * Devin sessions (keyed `ai/devin/…`): some became the world's pull requests, some are investigations
 * that end in a report, and on the live schedule it triages what broke since its last run.
 */
export function buildDevin(c: AiContext): DevinSession[] {
  const out: DevinSession[] = [];
  const keys = new Map(c.workItems.map((w) => [w.key, w]));
  for (const repo of c.repos) {
    for (const pr of repo.pulls) {
      const r = c.rng(`ai/devin/pr/${repo.name}/${pr.number}`);
      if (!r.chance(0.12)) continue;
      const createdAt = pr.createdAt - r.int(40, 240) * MINUTE;
      const item = keys.get(pr.workItemKey);
      const prompt =
        `Implement ${pr.workItemKey}: ${item?.title ?? pr.title}. Work in ${repo.name}, open a ` + `pull request when the tests pass.`;
      const ended = pr.mergedAt ?? pr.closedAt;
      const status: DevinSession["status"] =
        ended === undefined ? (r.chance(0.3) ? "blocked" : "working") : pr.mergedAt !== undefined ? "finished" : "stopped";
      const updatedAt = Math.min(c.asOf, ended ?? pr.updatedAt);
      const messages: DevinSession["messages"] = [
        { at: createdAt, origin: "user", text: prompt },
        {
          at: createdAt + r.int(20, 90) * 1000,
          origin: TOOL,
          text: `I'll start by reading ${repo.name} and the ticket ${pr.workItemKey}.`,
        },
        { at: pr.createdAt, origin: TOOL, text: `I opened pull request #${pr.number}: ${pr.title}` },
      ];
      if (ended !== undefined && ended <= c.asOf)
        messages.push({
          at: ended,
          origin: TOOL,
          text:
            pr.mergedAt !== undefined
              ? `#${pr.number} was merged. Closing this session.`
              : `#${pr.number} was closed without merging. Stopping.`,
        });
      out.push({
        id: sessionId(c.seed, `pr/${repo.name}/${pr.number}`),
        personId: pr.authorId,
        title: `${pr.workItemKey}: ${pr.title.replace(/^[A-Z]+-\d+: /, "")}`,
        status,
        createdAt,
        updatedAt,
        tags: [repo.name, pr.workItemKey.split("-")[0]!.toLowerCase()],
        repoId: repo.id,
        workItemKey: pr.workItemKey,
        pull: { repoId: repo.id, number: pr.number },
        messages,
        attachments: [
          {
            id: sessionId(c.seed, `pr/${repo.name}/${pr.number}/plan`),
            name: "plan.md",
            at: createdAt + r.int(2, 10) * MINUTE,
            content:
              `# Plan for ${pr.workItemKey}\n\n1. Read the code around ${item?.title.toLowerCase() ?? "the change"}.\n2. Make the ` +
              `change and add tests.\n3. Open a pull request against ${repo.defaultBranch}.\n`,
          },
        ],
        acus: r.int(2, 40) / 2,
      });
    }
    // Investigations that end in a report, not a pull request: about one a fortnight per repository.
    for (let week = startOfDay(c.start); week <= c.asOf; week += 7 * DAY) {
      const r = c.rng(`ai/devin/task/${repo.name}/${isoDay(week)}`);
      if (!r.chance(0.5)) continue;
      const createdAt = week + r.int(1, 4) * DAY + r.int(9, 17) * HOUR;
      if (createdAt > c.asOf || weekday(createdAt) === 0 || weekday(createdAt) === 6) continue;
      const owners = c.people.filter((p) => p.teamId === repo.teamId);
      const personId = r.pick(owners.length ? owners : c.people).id;
      const title = r.pick(DEVIN_TASKS).replace("{repo}", repo.name);
      const done = createdAt + r.int(1, 6) * HOUR;
      const messages: DevinSession["messages"] = [{ at: createdAt, origin: "user", text: title }];
      if (done <= c.asOf) messages.push({ at: done, origin: TOOL, text: `Done. My findings are in report.md.` });
      out.push({
        id: sessionId(c.seed, `task/${repo.name}/${isoDay(week)}`),
        personId,
        title,
        status: done <= c.asOf ? "finished" : "working",
        createdAt,
        updatedAt: Math.min(done, c.asOf),
        tags: [repo.name, "investigation"],
        repoId: repo.id,
        messages,
        attachments:
          done <= c.asOf
            ? [
                {
                  id: sessionId(c.seed, `task/${repo.name}/${isoDay(week)}/report`),
                  name: "report.md",
                  at: done,
                  content: `# ${title}\n\nWhat I looked at in ${repo.name}, and what I found.\n`,
                },
              ]
            : [],
        acus: r.int(1, 16) / 2,
      });
    }
  }
  out.push(...scheduledSessions(c));
  return out.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

const TRIAGE_PROMPT =
  "Triage what broke since your last run: failed CI runs on the default branches and new " +
  "errors in our services. Write what needs a person " +
  "to triage.md.";

/**
 * Devin schedules its own recurring sessions ("Devin can now schedule Devins", Cognition, 2026-03): a
 * Platform engineer had it triage failures once, then told it to keep doing so at the slots of the live
 * schedule (Generation.schedule: pinned universes have none, so their sessions are unchanged). Each run
 * starts just after its slot, picks up where the previous one left off and finishes within the hour; a
 * build never holds its own slot's run. Keyed per slot: each build appends the runs since the last.
 */
function scheduledSessions(c: AiContext): DevinSession[] {
  if (!c.schedule) return [];
  const r = c.rng("ai/devin/schedule/triage");
  const team = c.teams.find((t) => t.slug === "platform") ?? c.teams[0]!;
  const repo = c.repos.find((x) => x.teamId === team.id) ?? c.repos[0]!;
  const since = startOfDay(c.start) + r.int(3, 12) * DAY + r.int(9, 17) * HOUR;
  const out: DevinSession[] = [];
  let previous: string | undefined;
  for (const slot of scheduleSlots(c.schedule, since, c.asOf)) {
    const d = c.rng(`ai/devin/schedule/triage/${isoSeconds(slot)}`);
    const key = `schedule/triage/${isoSeconds(slot)}`;
    const createdAt = slot + d.int(15, 120) * 1000;
    if (createdAt > c.asOf) break;
    const [failures, errors] = [d.int(0, 3), d.int(0, 5)];
    const done = createdAt + d.int(6, 40) * MINUTE;
    const finished = done <= c.asOf;
    const messages: DevinSession["messages"] = [
      { at: createdAt, origin: "user", text: TRIAGE_PROMPT },
      {
        at: createdAt + d.int(20, 90) * 1000,
        origin: TOOL,
        text: previous
          ? `Picking up from the last run (${previous}): I'll check what changed since.`
          : "I'll check the CI runs and errors of the last hours.",
      },
    ];
    const found = failures + errors > 0;
    if (finished)
      messages.push({
        at: done,
        origin: TOOL,
        text: found
          ? `Since the last run: ${failures} failed CI runs on default branches, ${errors} new errors. What needs a person is in triage.md.`
          : "Nothing new since the last run. Closing this session.",
      });
    out.push({
      id: sessionId(c.seed, key),
      personId: team.leadId,
      title: "Scheduled triage: failures since the last run",
      status: finished ? "finished" : "working",
      createdAt,
      updatedAt: Math.min(done, c.asOf),
      tags: ["scheduled", "triage"],
      repoId: repo.id,
      messages,
      attachments:
        finished && found
          ? [
              {
                id: sessionId(c.seed, `${key}/report`),
                name: "triage.md",
                at: done,
                content:
                  `# Triage, ${isoSeconds(slot)}\n\n- Failed CI runs on default branches: ${failures}\n- New errors: ${errors}\n\nEach ` +
                  `with its link, what I think caused it and who owns it.\n`,
              },
            ]
          : [],
      acus: d.int(1, 4) / 2,
    });
    previous = sessionId(c.seed, key);
  }
  return out;
}
