import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { validateJira } from "./schema.js";

/**
 * Issue 37 on Jira: the people and role endpoints clients call to pick a person or check access
 * (`user/search?query=`, `user/assignable/multiProjectSearch`, `project/{key}/role` and
 * `project/{key}/role/{id}`), and what answers link to (`group?groupId=`, universal avatars, priority and
 * status icons). Expected people come from the world model, matched as Jira documents `query`.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);

type Any = Record<string, any>;

describe.each(["jira-v3", "jira-v3-g5"].filter((p) => !only || only.includes(p)))("people and roles on %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const url = (path: string) => (path.startsWith("http") ? path : `${baseUrl}/${pinName}/${path}`);
  const get = (path: string) => fetch(url(path));
  const json = async (path: string): Promise<any> => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    const body = (await res.json()) as unknown;
    const key = new URL(url(path)).pathname.slice(`/${pinName}/`.length).replace(/^rest\/api\/2\//, "rest/api/3/");
    expect(validateJira(key, body), path).toBe(undefined);
    return body;
  };
  const names = (users: Any[]) => users.map((u) => u.displayName as string).sort();
  const matching = (q: string) =>
    world.people
      .filter((p) => {
        const l = q.toLowerCase();
        const n = p.name.toLowerCase();
        return n.startsWith(l) || n.split(" ").some((w) => w.startsWith(l)) || p.email.toLowerCase().startsWith(l);
      })
      .map((p) => p.name)
      .sort();

  it("user/search matches the start of a name, of any word of it, or of the email, without regard to case", async () => {
    const someone = world.people[3]!;
    const last = someone.name.split(" ").at(-1)!;
    for (const q of [someone.name.slice(0, 2), last.slice(0, 3).toUpperCase(), someone.email.slice(0, 4), someone.email, "zzzz-nobody"]) {
      const expected = matching(q);
      const got = await json(`rest/api/3/user/search?query=${encodeURIComponent(q)}&maxResults=1000`);
      expect(names(got), q).toStrictEqual(expected);
    }
    // v2 answers the same people.
    const v2 = await json(`rest/api/2/user/search?query=${encodeURIComponent(last)}&maxResults=1000`);
    expect(names(v2)).toStrictEqual(matching(last));
    // accountId matches exactly; startAt and maxResults page.
    const [first] = await json(`rest/api/3/user/search?query=${encodeURIComponent(someone.email)}`);
    expect(first.emailAddress).toBe(someone.email);
    expect(await json(`rest/api/3/user/search?accountId=${first.accountId}`)).toStrictEqual([first]);
    const a = await json("rest/api/3/user/search?query=a&maxResults=2");
    const b = await json("rest/api/3/user/search?query=a&startAt=2&maxResults=2");
    const all = await json("rest/api/3/user/search?query=a&maxResults=4");
    expect([...a, ...b].map((u: Any) => u.accountId)).toStrictEqual(all.map((u: Any) => u.accountId));
  });

  it("user/search refuses what Jira Cloud refuses: no query, accountId or property; the removed username", async () => {
    const none = await get("rest/api/3/user/search");
    expect(none.status).toBe(400);
    expect(await none.json()).toStrictEqual({ errorMessages: ["The username or property query parameter must be provided"], errors: {} });
    const username = await get("rest/api/3/user/search?username=admin");
    expect(username.status).toBe(400);
    expect(((await username.json()) as Any).errorMessages[0]).toContain("'username' is not supported in GDPR strict mode");
    expect(await json("rest/api/3/user/search?property=level.key%3Dvalue")).toStrictEqual([]);
  });

  it("multiProjectSearch lists everyone assignable in every named project; unknown keys are Jira's 404", async () => {
    const keys = world.teams.map((t) => t.key);
    const all = await json(`rest/api/3/user/assignable/multiProjectSearch?projectKeys=${keys.join(",")}&maxResults=1000`);
    expect(names(all)).toStrictEqual(world.people.map((p) => p.name).sort());
    const q = world.people[0]!.name.split(" ")[0]!;
    expect(
      names(await json(`rest/api/3/user/assignable/multiProjectSearch?projectKeys=${keys[0]}&query=${q}&maxResults=1000`)),
    ).toStrictEqual(matching(q));
    const unknown = await get(`rest/api/3/user/assignable/multiProjectSearch?projectKeys=${keys[0]},NOPE`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toStrictEqual({ errorMessages: ["No project could be found with key 'NOPE'."], errors: {} });
    expect((await get("rest/api/3/user/assignable/multiProjectSearch")).status).toBe(400);
  });

  it("a project's roles link to the project's roles, each the site role with the project's self; a group by id counts its members", async () => {
    for (const t of world.teams) {
      const project = await json(`rest/api/3/project/${t.key}`);
      const roles = await json(`rest/api/3/project/${t.key}/role`);
      expect(roles).toStrictEqual(project.roles);
      for (const [name, link] of Object.entries(roles as Record<string, string>)) {
        const role = await json(link);
        expect(role.name).toBe(name);
        expect(role.self).toBe(link);
        const site = await json(`rest/api/3/role/${role.id}`);
        expect({ ...site, self: link }).toStrictEqual(role);
        for (const actor of role.actors as Any[]) {
          const group = await json(`rest/api/3/group?groupId=${actor.actorGroup.groupId}`);
          expect(group.name).toBe(actor.name);
          expect(await json(`rest/api/3/group?groupname=${encodeURIComponent(actor.name)}`)).toStrictEqual(group);
          const expected = actor.name.startsWith("jira-admins-") ? world.people.filter((p) => p.admin).length : world.people.length;
          expect(group.users.size).toBe(expected);
        }
      }
    }
  });

  it("avatars and icons an answer names are images", async () => {
    const project = await json(`rest/api/3/project/${world.teams[0]!.key}`);
    const avatar = await get(project.avatarUrls["48x48"]);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-type")).toContain("image/svg+xml");
    expect(await avatar.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    for (const p of (await json("rest/api/3/priority")) as Any[]) {
      const icon = await get(p.iconUrl);
      expect(icon.status, p.iconUrl).toBe(200);
      expect(icon.headers.get("content-type")).toContain("image/svg+xml");
    }
    const statuses = (await json("rest/api/3/status")) as Any[];
    const gif = statuses.map((s) => s.iconUrl as string).find((u) => u.endsWith(".gif"));
    if (gif) {
      const res = await get(gif);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 6).toString("latin1")).toBe("GIF89a");
      expect([bytes.readUInt16LE(6), bytes.readUInt16LE(8)]).toStrictEqual([16, 16]);
      expect(bytes.at(-1)).toBe(0x3b);
    }
  });
});
