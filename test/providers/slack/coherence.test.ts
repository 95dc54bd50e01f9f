import { describe, expect, inject, it } from "vitest";
import { workHoursUtc } from "../../../generator/world/clock.js";
import { type Any, deployments, liveWorld, releases, selected } from "./world.js";

/**
 * The Slack host against the world it projects, read over HTTP as a connector would (GET with a bearer
 * token, every list paged to the end):
 * - its users are the world's people and staff, with the same names, emails and time zones;
 * - `#deploys` announces every deployment once, naming its repository, environment and SHA as they are;
 * - `#incidents` has one thread per incident, with its number, priority and title, and its notes as
 *   replies by their authors;
 * - `#releases`, `#support-escalations`, the team channels' review requests and `#general`'s deal
 *   announcements cite releases, tickets, work items, pull requests and won deals that exist;
 * - ordinary conversation happens in its author's work hours, and nothing is after as-of.
 */
const run = selected() ? describe : describe.skip;

run("Slack host coherence with the world", () => {
  const world = liveWorld();
  const base = `${inject("baseUrl")}/slack/api`;
  const get = async (method: string, params: Record<string, string> = {}): Promise<Any> => {
    const res = await fetch(`${base}/${method}?${new URLSearchParams(params)}`, { headers: { authorization: "Bearer xoxb-coherence" } });
    const body = (await res.json()) as Any;
    expect(body.ok, `${method} ${JSON.stringify(params)}: ${JSON.stringify(body)}`).toBe(true);
    return body;
  };
  const all = async (method: string, params: Record<string, string>, key: string): Promise<Any[]> => {
    const out: Any[] = [];
    for (let cursor = ""; ;) {
      const page = await get(method, { ...params, limit: "200", ...(cursor ? { cursor } : {}) });
      out.push(...(page[key] as Any[]));
      cursor = page.response_metadata?.next_cursor ?? "";
      if (!cursor) return out;
    }
  };
  let users: Any[] = [];
  let channels: Any[] = [];
  const history = async (name: string) => all("conversations.history", { channel: channels.find((c) => c.name === name)!.id }, "messages");
  const emailOf = (userId: string) => users.find((u) => u.id === userId)?.profile.email as string | undefined;

  it("has the world's people and staff as users, with the same names, emails and time zones", async () => {
    users = await all("users.list", {}, "members");
    channels = await all("conversations.list", {}, "channels");
    for (const p of world.people) {
      const u = users.find((x) => x.profile.email === p.email);
      expect(u, p.email).toBeDefined();
      expect([u!.real_name, u!.profile.first_name, u!.profile.last_name, u!.name, u!.tz, u!.tz_offset]).toStrictEqual([
        p.name,
        p.firstName,
        p.lastName,
        p.handles.slack,
        p.timeZone,
        p.utcOffsetMinutes * 60,
      ]);
      expect(u!.is_admin).toBe(p.admin);
    }
    for (const s of world.commerce.staff) expect(users.find((x) => x.profile.email === s.email)?.real_name, s.email).toBe(s.name);
    const team = channels.find((c) => c.name === world.teams[0]!.slug)!;
    const members = await all("conversations.members", { channel: team.id }, "members");
    expect(members.map((id) => emailOf(id as unknown as string)).sort()).toStrictEqual(
      world.teams[0]!.memberIds.map((id) => world.people[id - 1]!.email).sort(),
    );
  });

  it("announces every deployment in #deploys once, with its repository, environment and SHA", async () => {
    const messages = await history("deploys");
    const want = deployments(world);
    const seen = new Set<number>();
    for (const m of messages) {
      const id = Number(/\(deployment (\d+)\)/.exec(m.text)?.[1]);
      const dep = want.get(id);
      expect(dep, m.text).toBeDefined();
      expect(m.text).toContain(`/${dep!.repo}/commit/${dep!.sha}|${dep!.sha.slice(0, 7)}>`);
      expect(m.text).toContain(`to *${dep!.environment}*`);
      expect(seen.has(id)).toBe(false);
      seen.add(id);
    }
    expect(seen.size).toBe(want.size);
  });

  it("opens one #incidents thread per incident, its notes as replies by their authors", async () => {
    const channel = channels.find((c) => c.name === "incidents")!;
    const messages = await history("incidents");
    const incidents = world.operations.incidents.filter((i) => i.createdAt <= world.asOf);
    expect(messages.length).toBe(incidents.length);
    for (const m of messages) {
      const [, number, priority] = /Incident #(\d+) \[(P\d)\]/.exec(m.text) ?? [];
      const inc = incidents.find((i) => i.number === Number(number));
      expect(inc, m.text).toBeDefined();
      expect(m.text).toContain(`[${inc!.priority}] ${inc!.title}`);
      expect(priority).toBe(inc!.priority);
      const replies = (await all("conversations.replies", { channel: channel.id, ts: m.ts }, "messages")).slice(1);
      for (const note of inc!.notes.filter((n) => n.at <= world.asOf)) {
        const reply = replies.find((r) => r.text === note.text && emailOf(r.user) === world.people[note.authorId - 1]!.email);
        expect(reply, `note ${note.id} of incident #${inc!.number}`).toBeDefined();
      }
      if (inc!.resolvedAt !== undefined) expect(replies.at(-1)!.text).toContain("Resolved by");
    }
  });

  it("cites releases, tickets, work items and pull requests that exist", async () => {
    const tags = new Set(releases(world).map((r) => `${r.repo}/releases/tag/${r.tag}`));
    const posted = await history("releases");
    expect(posted.length).toBe(tags.size);
    for (const m of posted) expect(tags.has(/github\.com\/[^/]+\/([^|>]+)\|/.exec(m.text)?.[1] ?? ""), m.text).toBe(true);

    const keys = new Set(world.workItems.map((w) => w.key));
    const tickets = new Map(world.commerce.tickets.map((t) => [t.id, t]));
    for (const m of await history("support-escalations")) {
      const [, id, key] = /ticket #(\d+) .*Filed as ([A-Z]+-\d+)/.exec(m.text) ?? [];
      expect(keys.has(key!), m.text).toBe(true);
      expect(tickets.get(Number(id))?.workItemKey).toBe(key);
      const owner = world.commerce.staff.find((s) => s.id === tickets.get(Number(id))!.ownerId)!;
      expect(emailOf(m.user)).toBe(owner.email);
    }

    const won = world.commerce.deals.filter(
      (d) => d.stage === "won" && d.closedAt !== undefined && d.closedAt <= world.asOf && d.closedAt > world.start - 90 * 86_400_000,
    );
    const announced = (await history("general")).filter((m) => m.text.startsWith(":tada: Closed won:"));
    expect(announced.length).toBe(won.length);
    for (const m of announced) {
      const deal = won.find((d) => m.text.includes(`*${d.name}*`));
      expect(deal, m.text).toBeDefined();
      expect(emailOf(m.user)).toBe(world.commerce.staff.find((s) => s.id === deal!.ownerId)!.email);
    }

    for (const team of world.teams) {
      for (const m of await history(team.slug)) {
        const pr = /github\.com\/[^/]+\/([^/]+)\/pull\/(\d+)\|/.exec(m.text);
        if (pr) {
          const pull = world.repos.find((r) => r.name === pr[1] && r.teamId === team.id)?.pulls.find((p) => p.number === Number(pr[2]));
          expect(pull, m.text).toBeDefined();
          expect(emailOf(m.user)).toBe(world.people[pull!.authorId - 1]!.email);
          continue;
        }
        // Ordinary conversation: by a member of the team who had joined, in the author's work hours, before
        // as-of; the work items it names exist and belong to the team.
        const author = world.people.find((p) => p.email === emailOf(m.user))!;
        expect(author.teamId, m.text).toBe(team.id);
        expect(author.joinedAt).toBeLessThanOrEqual(Number(m.ts) * 1000);
        for (const key of m.text.match(/\b[A-Z]+-\d+\b/g) ?? [])
          expect(keys.has(key) && key.startsWith(`${team.key}-`), `${key} in ${m.text}`).toBe(true);
        const at = Number(m.ts) * 1000;
        expect(at).toBeLessThanOrEqual(world.asOf);
        const day = at - (at % 86_400_000);
        expect(workHoursUtc(author.utcOffsetMinutes, day, world.asOf + 3_600_000)).toContain(new Date(at).getUTCHours());
      }
    }
  });
});
