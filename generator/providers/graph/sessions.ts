import { HOUR, MINUTE } from "../../world/clock.js";
import { rngFactory } from "../../world/rng.js";
import type { GraphContext, GraphUser } from "./context.js";

/**
 * When the tenant's people sign in: derived from what they do in the world, never drawn on its own.
 *
 * Everything a person does at a computer (commits, pushes, pull requests, reviews and comments, releases,
 * work item changes, incident acknowledgements and notes, postmortems, editor and assistant use; for
 * Sales and Support, deal stage changes and ticket closures) puts them at work at that instant. A
 * working session is a run of such actions with no pause longer than IDLE; the first action of a session
 * means an interactive sign-in a few minutes before it (the laptop was locked or asleep). The tenant's
 * conditional access also asks for a fresh sign-in once the last one is FREQUENCY old, even mid-session.
 *
 * Sessions are counted from the world's start, not from as-of, so a sign-in is the same on every build
 * that shows it, as far as the world's streams only append; a build only sees a session once its first
 * action has happened (Entra's log also lags the sign-in by minutes). Nothing here is after as-of: every
 * sign-in precedes an action that happened.
 */
export const IDLE = 4 * HOUR;
export const FREQUENCY = 12 * HOUR;

export interface SignInEvent {
  user: GraphUser;
  at: number;
  /** The action it preceded. */
  before: number;
  /** A new working session, or conditional access's sign-in frequency inside one. */
  reason: "session" | "frequency";
}

/** Every instant each user did something, up to as-of (unsorted, with repeats). */
export function actionsByUser(c: GraphContext): Map<GraphUser, number[]> {
  const w = c.world;
  const out = new Map<GraphUser, number[]>();
  const staff = new Map(c.users.filter((u) => u.staff).map((u) => [u.staff!.id, u]));
  const add = (u: GraphUser | undefined, at: number | undefined) => {
    if (!u || at === undefined || !Number.isFinite(at) || at > c.asOf || at < u.createdAt) return;
    (out.get(u) ?? out.set(u, []).get(u)!).push(at);
  };
  const person = (id: number | undefined, at: number | undefined) => add(id === undefined ? undefined : c.userOfPerson(id), at);
  for (const r of w.repos) {
    for (const cm of r.mainCommits) person(cm.authorId, cm.authoredAt);
    for (const p of r.pulls) {
      person(p.authorId, p.createdAt);
      for (const cm of p.commits) person(cm.authorId, cm.authoredAt);
      for (const v of p.reviews) person(v.reviewerId, v.submittedAt);
      for (const x of p.comments) person(x.authorId, x.createdAt);
      if (p.mergedAt !== undefined) person(p.mergedById, p.mergedAt);
    }
    for (const i of r.issues) {
      person(i.authorId, i.createdAt);
      for (const x of i.comments) person(x.authorId, x.createdAt);
    }
    // A scheduled run is the cron's, not a person's; a push or pull request run is its pusher's.
    for (const run of r.runs) if (run.event !== "schedule") person(run.actorId, run.createdAt);
    for (const rel of r.releases) person(rel.authorId, rel.publishedAt);
  }
  for (const item of w.workItems) {
    person(item.reporterId, item.createdAt);
    for (const t of item.transitions) person(t.byId, t.at);
  }
  for (const i of w.operations.incidents) {
    person(i.acknowledgedById, i.acknowledgedAt);
    person(i.resolvedById, i.resolvedAt);
    for (const n of i.notes) person(n.authorId, n.at);
    if (i.postmortem) person(i.postmortem.authorId, i.postmortem.at);
  }
  for (const day of w.ai.cursor) for (const e of day.events) person(day.personId, e.at);
  for (const s of w.ai.devin) for (const m of s.messages) if (m.origin === "user") person(s.personId, m.at);
  for (const conv of w.ai.chatgpt.conversations) for (const m of conv.messages) if (m.role === "user") person(conv.personId, m.at);
  for (const d of w.commerce.deals) for (const h of d.stageHistory) add(staff.get(d.ownerId), h.at);
  for (const t of w.commerce.tickets) add(staff.get(t.ownerId), t.closedAt);
  return out;
}

/** Each user's interactive sign-ins from the world's start to as-of, oldest first per user. */
export function signInEvents(c: GraphContext): SignInEvent[] {
  const rng = rngFactory(c.world.generation.seed);
  const out: SignInEvent[] = [];
  for (const [user, times] of actionsByUser(c)) {
    const sorted = [...new Set(times)].sort((a, b) => a - b);
    let previous = Number.NEGATIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const t of sorted) {
      const reason = t - previous > IDLE ? "session" : t - last > FREQUENCY ? "frequency" : undefined;
      if (reason) {
        const r = rng(`graph/signin/${user.key}/${t}`);
        // Unlocking, then the first app: one to twenty minutes before the action; never before the last one.
        const lead = r.int(1, 20) * MINUTE + r.int(0, 59) * 1000;
        const at = Math.max(t - lead, previous + 1000, user.createdAt);
        out.push({ user, at, before: t, reason });
        last = at;
      }
      previous = t;
    }
  }
  return out;
}
