import { beforeAll, describe, expect, inject, it } from "vitest";

/**
 * The list queries real Bitbucket connectors send (DevLake, minware's and Bilanc's Singer taps; see the
 * research on connectors), answered by the query engine over the frozen lists: BBQL `q`, `sort`, the
 * repeated `state` filter, page sizes and Bitbucket's 400s. Plain fetch, with the parameters spelled as
 * those connectors spell them; every walk follows the body's `next` to the end.
 */
const baseUrl = inject("baseUrl");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pins = ["bb-v2", "bb-v2-g5"].filter((p) => !only || only.includes(p));

type Pull = { id: number; state: string; created_on: string; updated_on: string };
type Page<T> = { pagelen: number; size?: number; page?: number; values: T[]; next?: string; previous?: string };

const ms = (iso: string) => Date.parse(iso);
const ids = (items: Array<{ id: number }>) => items.map((i) => i.id).join(",");

async function get(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

async function json<T>(url: string): Promise<T> {
  const { status, text } = await get(url);
  expect(status, `${url}: ${text.slice(0, 200)}`).toBe(200);
  return JSON.parse(text) as T;
}

/** Every item of a list, following `next`; the pages too. */
async function walk<T>(url: string): Promise<{ items: T[]; pages: Array<Page<T>> }> {
  const pages: Array<Page<T>> = [];
  for (let next: string | undefined = url; next; next = pages.at(-1)!.next) {
    pages.push(await json<Page<T>>(next));
    expect(pages.length).toBeLessThan(500);
  }
  return { items: pages.flatMap((p) => p.values), pages };
}

/** Stable sort by a time field, as Bitbucket orders equal keys by the list's own order. */
function byTime<T extends Record<string, unknown>>(items: T[], field: keyof T, direction: 1 | -1): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => direction * (ms(a.item[field] as string) - ms(b.item[field] as string)) || a.i - b.i)
    .map((x) => x.item);
}

describe.each(pins)("Bitbucket list queries on %s", (pin) => {
  const api = `${baseUrl}/${pin}/2.0`;
  let repo = "";
  let everything: Pull[] = [];

  beforeAll(async () => {
    const ws = (await json<Page<{ slug: string }>>(`${api}/workspaces`)).values[0]!.slug;
    const repos = (await json<Page<{ full_name: string }>>(`${api}/repositories/${ws}?pagelen=100`)).values;
    let most = -1;
    for (const r of repos) {
      const size = (await json<Page<Pull>>(`${api}/repositories/${r.full_name}/pullrequests?state=all`)).size!;
      if (size > most) {
        most = size;
        repo = `${api}/repositories/${r.full_name}`;
      }
    }
    everything = (await walk<Pull>(`${repo}/pullrequests?state=all&pagelen=50`)).items;
    expect(everything.length).toBeGreaterThan(20);
  });

  it("runs DevLake's incremental pull request sync: q=updated_on>=since, sort=created_on, exact size", async () => {
    const fields = "values.id,values.state,values.updated_on,values.created_on,page,pagelen,size";
    const full = await walk<Pull>(`${repo}/pullrequests?state=all&pagelen=50&sort=created_on&fields=${encodeURIComponent(fields)}`);
    expect(ids(full.items)).toBe(ids(byTime(everything, "created_on", 1)));
    // The bound: the median update, so the answer is neither empty nor everything.
    const updates = everything.map((p) => p.updated_on).sort((a, b) => ms(a) - ms(b));
    const since = new Date(ms(updates[Math.floor(updates.length / 2)]!)).toISOString().replace(/\.\d{3}Z$/, "Z");
    const q = encodeURIComponent(`updated_on>=${since}`);
    const inc = await walk<Pull>(
      `${repo}/pullrequests?state=all&page=1&pagelen=50&fields=${encodeURIComponent(fields)}&sort=created_on&q=${q}`,
    );
    const want = byTime(
      everything.filter((p) => ms(p.updated_on) >= ms(since)),
      "created_on",
      1,
    );
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(everything.length);
    expect(ids(inc.items)).toBe(ids(want));
    // DevLake reads `size` from page 1 and fetches the other pages in parallel.
    expect(inc.pages[0]!.size).toBe(want.length);
    expect(inc.pages.map((p) => p.page).join(",")).toBe(inc.pages.map((_, i) => i + 1).join(","));
  });

  it("runs minware's sync (states repeated, sort=updated_on, +00:00 offset) and Bilanc's (sort=-updated_on)", async () => {
    const updates = everything.map((p) => p.updated_on).sort((a, b) => ms(a) - ms(b));
    const since = new Date(ms(updates[Math.floor(updates.length / 3)]!)).toISOString().replace("Z", "+00:00");
    const states = "state=OPEN&state=MERGED&state=DECLINED&state=SUPERSEDED";
    const minware = await walk<Pull>(
      `${repo}/pullrequests?pagelen=50&q=${encodeURIComponent(`updated_on>=${since}`)}&sort=updated_on&${states}`,
    );
    expect(ids(minware.items)).toBe(
      ids(
        byTime(
          everything.filter((p) => ms(p.updated_on) >= ms(since)),
          "updated_on",
          1,
        ),
      ),
    );
    const bilanc = await walk<Pull>(
      `${repo}/pullrequests?state=MERGED&state=DECLINED&state=SUPERSEDED&state=OPEN&sort=-updated_on&pagelen=50`,
    );
    expect(ids(bilanc.items)).toBe(ids(byTime(everything, "updated_on", -1)));
  });

  it("ANDs q with state, and a q naming the state filters within it", async () => {
    const merged = await walk<Pull>(`${repo}/pullrequests?state=MERGED&q=${encodeURIComponent('title ~ "" AND id > 0')}`);
    expect(ids(merged.items)).toBe(ids(everything.filter((p) => p.state === "MERGED")));
    const declined = await walk<Pull>(
      `${repo}/pullrequests?state=all&q=${encodeURIComponent('(state = "DECLINED" OR state = "SUPERSEDED") AND id >= 1')}`,
    );
    expect(ids(declined.items)).toBe(ids(everything.filter((p) => p.state === "DECLINED")));
    const open = await walk<Pull>(`${repo}/pullrequests?q=${encodeURIComponent("created_on > 2000-01-01")}`);
    expect(ids(open.items)).toBe(ids(everything.filter((p) => p.state === "OPEN")));
  });

  it("sorts ascending and descending, by the field", async () => {
    const asc = (await walk<Pull>(`${repo}/pullrequests?state=all&sort=created_on&pagelen=50`)).items;
    const desc = (await walk<Pull>(`${repo}/pullrequests?state=all&sort=-created_on&pagelen=50`)).items;
    expect(ids(asc)).not.toBe(ids(desc));
    for (let i = 1; i < asc.length; i++) expect(ms(asc[i]!.created_on)).toBeGreaterThanOrEqual(ms(asc[i - 1]!.created_on));
    for (let i = 1; i < desc.length; i++) expect(ms(desc[i]!.created_on)).toBeLessThanOrEqual(ms(desc[i - 1]!.created_on));
    const pipes = await walk<{ build_number: number; created_on: string }>(`${repo}/pipelines?sort=-created_on&pagelen=100`);
    const oldest = await walk<{ build_number: number; created_on: string }>(`${repo}/pipelines?pagelen=100`);
    expect(pipes.items.map((p) => p.build_number).join(",")).toBe(
      byTime(oldest.items, "created_on", -1)
        .map((p) => p.build_number)
        .join(","),
    );
  });

  it("writes computed pages in Bitbucket's key order, iterator pages for commits", async () => {
    const page = await get(`${repo}/pullrequests?state=all&pagelen=7&page=2`);
    expect(Object.keys(JSON.parse(page.text) as object)).toStrictEqual(["pagelen", "size", "values", "page", "next", "previous"]);
    const commits = await get(`${repo}/commits?pagelen=7&page=2`);
    expect(Object.keys(JSON.parse(commits.text) as object)).toStrictEqual(["pagelen", "values", "next"]);
  });

  it("ignores what Bitbucket ignores: bytes unchanged", async () => {
    const same = async (a: string, b: string) => expect((await get(b)).text).toBe((await get(a)).text);
    await same(`${repo}/commits`, `${repo}/commits?state=all&q=${encodeURIComponent("date > 2020-01-01")}&sort=-date`);
    // `fields` is computed (decision 0034, fields.test.ts), no longer ignored.
    await same(`${repo}/pullrequests/${everything[0]!.id}`, `${repo}/pullrequests/${everything[0]!.id}?pagelen=100&state=all`);
    await same(
      `${repo}/pipelines?pagelen=100`,
      `${repo}/pipelines/?state=all&pagelen=100&sort=created_on&q=${encodeURIComponent("updated_on>=2024-01-01T00:00:00Z")}`,
    );
    await same(`${repo}/deployments`, `${repo}/deployments/?state=all&page=1`);
  });

  it("answers bad input with Bitbucket's 400", async () => {
    const bad = async (url: string, message: string) => {
      const { status, text } = await get(url);
      expect(status, url).toBe(400);
      const body = JSON.parse(text) as { type: string; error: { message: string; detail?: string } };
      expect(body.type).toBe("error");
      expect(body.error.message).toBe(message);
      return body;
    };
    await bad(`${repo}/pullrequests?pagelen=100`, "Invalid pagelen");
    await bad(
      `${repo}/pullrequests?q=${encodeURIComponent("updated_on >= yesterday")}`,
      "Invalid filter query expression: 'yesterday' is not a valid date value.",
    );
    await bad(
      `${repo}/pullrequests?q=${encodeURIComponent("updated_on >=")}`,
      "Invalid filter query expression: Expected a value at the end of the query.",
    );
    await bad(
      `${repo}/pullrequests?q=${encodeURIComponent('(state = "OPEN"')}`,
      "Invalid filter query expression: Expected ')' at the end of the query.",
    );
    await bad(
      `${repo}/pullrequests?q=${encodeURIComponent('nosuchfield = "x"')}`,
      "Invalid filter query expression: Field 'nosuchfield' does not exist or cannot be queried here.",
    );
    await bad(`${repo}/pullrequests?state=CLOSED`, "Invalid state");
    await bad(`${repo}/pipelines?sort=completed_on`, "Invalid sort");
  });

  it("filters and sorts workspaces, projects, the global repositories listing and deployments with BBQL", async () => {
    const ws = (await json<Page<{ slug: string }>>(`${api}/workspaces`)).values[0]!.slug;
    const perms = await walk<{ permission: string; workspace: { slug: string } }>(
      `${api}/user/permissions/workspaces?q=${encodeURIComponent(`workspace.slug="${ws}"`)}&sort=workspace.slug`,
    );
    expect(perms.items.map((p) => p.workspace.slug)).toStrictEqual([ws]);
    expect((await walk(`${api}/user/permissions/workspaces?q=${encodeURIComponent('permission="collaborator"')}`)).items).toStrictEqual([]);
    expect(
      (await walk<{ slug: string }>(`${api}/workspaces?q=${encodeURIComponent(`slug="${ws}"`)}`)).items.map((w) => w.slug),
    ).toStrictEqual([ws]);
    const projects = (await walk<{ key: string; name: string }>(`${api}/workspaces/${ws}/projects?pagelen=100`)).items;
    const desc = (await walk<{ key: string }>(`${api}/workspaces/${ws}/projects?sort=-key&pagelen=3`)).items;
    expect(desc.map((p) => p.key)).toStrictEqual(projects.map((p) => p.key).reverse());
    const first = projects[0]!;
    expect(
      (await walk<{ key: string }>(`${api}/workspaces/${ws}/projects?q=${encodeURIComponent(`key="${first.key}"`)}`)).items.map(
        (p) => p.key,
      ),
    ).toStrictEqual([first.key]);
    // The global listing: `role` selects the caller's repositories; q and sort as on the workspace's.
    const mine = (await walk<{ name: string; language: string }>(`${api}/repositories/${ws}?pagelen=100`)).items;
    const lang = mine[0]!.language;
    const byRole = await walk<{ name: string }>(
      `${api}/repositories?role=member&q=${encodeURIComponent(`language="${lang}"`)}&sort=-name&pagelen=2`,
    );
    expect(byRole.items.map((r) => r.name)).toStrictEqual(
      mine
        .filter((r) => r.language === lang)
        .map((r) => r.name)
        .reverse(),
    );
    expect((await walk(`${api}/repositories?role=owner`)).items).toStrictEqual([]);
    // Deployments filter by `state.name`, the one field Bitbucket's deployments take.
    const all = (await walk<{ state: { name: string } }>(`${repo}/deployments?pagelen=100`)).items;
    const done = await walk<{ state: { name: string } }>(
      `${repo}/deployments?pagelen=100&q=${encodeURIComponent('state.name="COMPLETED"')}`,
    );
    expect(done.items).toStrictEqual(all.filter((d) => d.state.name === "COMPLETED"));
    expect((await get(`${repo}/deployments?q=${encodeURIComponent('environment.name="x"')}`)).status).toBe(400);
  });

  it("answers the same computed request with the same bytes", async () => {
    const url =
      `${repo}/pullrequests?state=all&sort=-updated_on&pagelen=13&page=2&` +
      `q=${encodeURIComponent("updated_on >= 2000-01-01T00:00:00+02:00")}`;
    const a = await get(url),
      b = await get(url);
    expect(a.status).toBe(200);
    expect(b.text).toBe(a.text);
  });
});
