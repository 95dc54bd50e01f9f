import { describe, expect, inject, it } from "vitest";
import { PREFIX, activeDays, liveWorld, selected, workspaceId } from "./world.js";

/**
 * The Compliance API agrees with the rest of the world: its users are the people holding a ChatGPT
 * seat (the same names and emails the repositories carry), and every conversation belongs to one of
 * them and began while they were awake, not before their seat: most on UTC days they committed, opened a
 * pull request or reviewed, and some at any hour, at least one in every six-hour UTC window.
 * ChatGPT Enterprise is billed per seat and the Compliance API reports no tokens or costs, so there is
 * no price to check here (README).
 */
const world = liveWorld();
const api = `${inject("baseUrl")}/${PREFIX}/v1/compliance/workspaces/${workspaceId(world)}`;
const auth = { Authorization: "Bearer sk-proj-c25hcHZlcnNlLWNvbXBsaWFuY2U" };
const DAY = 86_400_000;

type Any = Record<string, any>;

async function all(path: string): Promise<Any[]> {
  const out: Any[] = [];
  let after = "";
  for (let n = 0; n < 1000; n++) {
    const res = await fetch(`${api}/${path}${after ? `${path.includes("?") ? "&" : "?"}after=${after}` : ""}`, { headers: auth });
    expect(res.status).toBe(200);
    const page = (await res.json()) as Any;
    out.push(...(page.data as Any[]));
    if (!page.has_more) return out;
    after = page.last_id as string;
  }
  throw new Error("the list did not end");
}

describe.skipIf(!selected())("Compliance API coherence with the world", () => {
  const byEmail = new Map(world.people.map((p) => [p.email, p]));
  const seats = new Map(world.ai.seats.filter((s) => s.tool === "chatgpt").map((s) => [s.personId, s]));

  it("lists exactly the directory's ChatGPT seat holders, as the people they are", async () => {
    const users = await all("users");
    expect(users.length).toBe(seats.size);
    for (const u of users) {
      const p = byEmail.get(u.email);
      expect(p, u.email).toBeDefined();
      expect(u.name).toBe(p!.name);
      expect(seats.has(p!.id)).toBe(true);
      expect(u.created_at * 1000).toBeGreaterThanOrEqual(seats.get(p!.id)!.since);
      expect(u.created_at * 1000).toBeLessThan(seats.get(p!.id)!.since + 1000);
    }
    const owners = users
      .filter((u) => u.role === "account-owner")
      .map((u) => u.email as string)
      .sort();
    expect(owners).toStrictEqual(
      world.people
        .filter((p) => p.admin && seats.has(p.id))
        .map((p) => p.email)
        .sort(),
    );
  });

  it(
    "has every conversation begin while its owner is awake, after their seat started, most on " + "days they worked in the repositories",
    async () => {
      const users = new Map((await all("users")).map((u) => [u.id as string, u]));
      const days = activeDays(world);
      const conversations = await all("conversations");
      expect(conversations.length).toBeGreaterThan(100);
      let onCodeDays = 0;
      const windows = new Set<number>();
      for (const c of conversations) {
        const u = users.get(c.user_id);
        expect(u, c.id).toBeDefined();
        expect(c.user_email).toBe(u!.email);
        const p = byEmail.get(c.user_email)!;
        const created = Math.floor(c.created_at * 1000);
        const day = created - (created % DAY);
        if (days.get(p.id)?.has(day)) onCodeDays++;
        const local = ((((created % DAY) / 60_000 + p.utcOffsetMinutes) % 1440) + 1440) % 1440;
        expect(local >= 7 * 60 && local < 23 * 60, `${c.id} at ${new Date(created).toISOString()} (${p.timeZone})`).toBe(true);
        windows.add(created - (created % (6 * 3_600_000)));
        expect(created).toBeGreaterThanOrEqual(seats.get(p.id)!.since - (seats.get(p.id)!.since % DAY));
        expect(c.last_active_at * 1000).toBeLessThanOrEqual(world.asOf + 1);
        const messages = (c.messages.data as Any[]).slice(1);
        expect(messages.length).toBeGreaterThan(0);
        expect(messages[0]!.created_at).toBe(c.created_at);
        expect(messages.at(-1)!.created_at).toBe(c.last_active_at);
      }
      expect(onCodeDays / conversations.length).toBeGreaterThan(0.5);
      // Someone asks something in every six-hour UTC window, so the workspace is never quiet for a day.
      for (let w = world.start; w + 6 * 3_600_000 <= world.asOf; w += 6 * 3_600_000)
        expect(windows.has(w), new Date(w).toISOString()).toBe(true);
    },
  );

  it("has GPTs and projects owned by, and shared with, workspace users; a project's recipients are its team", async () => {
    const users = new Set((await all("users")).map((u) => u.id as string));
    for (const g of await all("gpts")) {
      expect(users.has(g.owner_id)).toBe(true);
      expect(users.has(g.latest_config.data[0].version_author.id)).toBe(true);
    }
    for (const p of await all("projects")) {
      expect(users.has(p.owner_id)).toBe(true);
      const owner = byEmail.get(p.owner_email)!;
      const team = world.people
        .filter((x) => x.teamId === owner.teamId && x.id !== owner.id && seats.has(x.id))
        .map((x) => x.email)
        .sort();
      expect(p.sharing.recipients.map((r: Any) => r.email).sort()).toStrictEqual(team);
      for (const r of p.sharing.recipients as Any[]) expect(users.has(r.id)).toBe(true);
    }
  });
});
