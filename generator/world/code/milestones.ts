import { HOUR, MINUTE } from "../clock.js";
import type { WorldInput } from "../input.js";
import type { Milestone, Repo } from "./types.js";
import type { Team } from "../org/types.js";

type Ctx = Pick<WorldInput, "ids" | "rng" | "start" | "asOf">;

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * Monthly milestones, as teams plan a repository's work on GitHub: the team lead opens next month's on the
 * 25th (the first one when the repository, or the universe, begins), due on its last day, and closes it a day or three
 * after. Each pull request and bug report goes on the milestone of the month it was opened in, but for a
 * keyed few left unplanned. Every value is keyed by repository and month or thread number, never by the
 * as-of: a later build only adds milestones, closes them and files new threads on them.
 */
export function buildMilestones(repo: Repo, team: Team, c: Ctx): void {
  // Planning on GitHub began with the universe: a repository older than it has milestones from its start.
  const from = Math.max(repo.createdAt, c.start);
  const first = new Date(from);
  const months: Array<{ y: number; m: number }> = [];
  for (let y = first.getUTCFullYear(), m = first.getUTCMonth(); Date.UTC(y, m - 1, 25) <= c.asOf; m === 11 ? (y++, (m = 0)) : m++)
    months.push({ y, m });
  repo.milestones = months
    .map(({ y, m }, i) => {
      const key = `repo/${repo.name}/milestone/${y}-${String(m + 1).padStart(2, "0")}`;
      const r = c.rng(key);
      const createdAt = i === 0 ? from : Date.UTC(y, m - 1, 25, 9) + r.int(0, 240) * MINUTE;
      const dueOn = Date.UTC(y, m + 1, 0, 7);
      const closedAt = dueOn + r.int(17, 72) * HOUR;
      return {
        id: c.ids.id(key),
        number: i + 1,
        title: `${MONTHS[m]} ${y}`,
        description: `What ${team.name} plans to ship in ${MONTHS[m]} ${y}.`,
        creatorId: team.leadId,
        createdAt,
        dueOn,
        ...(closedAt <= c.asOf ? { closedAt } : {}),
      } satisfies Milestone;
    })
    .filter((ms) => ms.createdAt <= c.asOf);
  const monthOf = (at: number) => {
    const d = new Date(at);
    return repo.milestones.find(
      (ms) => new Date(ms.dueOn).getUTCFullYear() === d.getUTCFullYear() && new Date(ms.dueOn).getUTCMonth() === d.getUTCMonth(),
    );
  };
  for (const thread of [...repo.pulls, ...repo.issues]) {
    const kind = "headBranch" in thread ? "pull" : "issue";
    if (c.rng(`repo/${repo.name}/${kind}/${thread.number}/milestone`).chance(0.15)) continue;
    const ms = monthOf(thread.createdAt);
    if (ms) thread.milestoneNumber = ms.number;
  }
}
