import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 120_000;

type Json = Record<string, unknown>;
type Page = { count: number; value: Json[] };

async function get(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; text: string; body: Json }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Json };
}

/** The ADO error body: the service's exception, serialized. */
function expectAdoError(r: { status: number; body: Json }, type: RegExp): void {
  expect(r.status).toBe(400);
  expect(Object.keys(r.body)).toStrictEqual(["$id", "innerException", "message", "typeName", "typeKey", "errorCode", "eventId"]);
  expect(String(r.body.typeName)).toMatch(type);
}

const ms = (iso: unknown) => Date.parse(String(iso));

/**
 * Incremental syncs as the connectors send them (research: DevLake, Faros, minware), against the query
 * engine: builds by repository with `minTime` and continuation tokens, commits with
 * `searchCriteria.fromDate`, pull requests with `searchCriteria.minTime`, and WIQL with a ChangedDate
 * window. Expected sequences come from the world model or from the full sync's own items.
 */
describe.each(["ado-7-1", "ado-7-1-g5"].filter((p) => !only || only.includes(p)))("queries a real client sends, against %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const org = world.company.slug;
  const orgUrl = `${baseUrl}/${pinName}/${org}`;
  const project = encodeURIComponent(world.company.name);
  const builds = `${orgUrl}/${project}/_apis/build/builds`;
  const busiest = [...world.repos].sort((a, b) => b.runs.length - a.runs.length || a.id - b.id)[0]!;
  const repoIds = async () =>
    new Map(((await get(`${orgUrl}/_apis/git/repositories`)).body.value as Json[]).map((r) => [String(r.name), String(r.id)]));

  /** DevLake's builds walk: `x-ms-continuationtoken` sent back as `continuationToken` until it is absent. */
  async function walkBuilds(query: string): Promise<Json[]> {
    const out: Json[] = [];
    let token: string | null = null;
    for (let n = 0; n < 1000; n++) {
      const page = await get(`${builds}?${query}${token ? `&continuationToken=${encodeURIComponent(token)}` : ""}`);
      expect(page.status).toBe(200);
      out.push(...(page.body as unknown as Page).value);
      token = page.headers.get("x-ms-continuationtoken");
      if (!token) return out;
    }
    throw new Error("the walk did not end");
  }

  it(
    "syncs one repository's builds as DevLake does: full, then from minTime, 100 at a time with continuation tokens",
    async () => {
      const repoId = (await repoIds()).get(busiest.name)!;
      const base = `api-version=7.1&repositoryType=TfsGit&repositoryId=${repoId}&$top=100&queryOrder=queueTimeDescending`;
      const full = await walkBuilds(base);
      const expected = [...busiest.runs].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id).map((r) => r.id);
      expect(full.map((b) => b.id).join()).toBe(expected.join());
      // A bound in the middle of the history: exactly the builds queued at or after it, newest first.
      const since = String(full[Math.floor(full.length / 3)]!.queueTime);
      const incremental = await walkBuilds(`${base}&minTime=${encodeURIComponent(since)}`);
      expect(incremental.map((b) => b.id).join()).toBe(
        full
          .filter((b) => ms(b.queueTime) >= ms(since))
          .map((b) => b.id)
          .join(),
      );
      expect(incremental.length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    "orders builds by queryOrder: ascending and descending differ and follow the field",
    async () => {
      const asc = await walkBuilds("$top=500&queryOrder=queueTimeAscending");
      const desc = await walkBuilds("$top=500&queryOrder=queueTimeDescending");
      expect(asc.map((b) => b.id).join()).not.toBe(desc.map((b) => b.id).join());
      const times = asc.map((b) => ms(b.queueTime));
      expect(times.every((t, i) => i === 0 || times[i - 1]! <= t)).toBe(true);
      const finished = (await walkBuilds("$top=1000&queryOrder=finishTimeDescending&statusFilter=completed")).map((b) => ms(b.finishTime));
      expect(finished.every((t, i) => i === 0 || finished[i - 1]! >= t)).toBe(true);
      expect(new Set(desc.map((b) => b.id)).size).toBe(desc.length);
    },
    TIMEOUT,
  );

  it(
    "syncs a branch's commits as Faros and minware do: searchCriteria.fromDate with the criteria's $top",
    async () => {
      const repo = busiest;
      const url = `${orgUrl}/_apis/git/repositories/${repo.name}/commits`;
      const criteria = `searchCriteria.itemVersion.version=${repo.defaultBranch}&searchCriteria.$top=100`;
      const full = (await get(`${url}?${criteria}`)).body as unknown as Page;
      const bound = full.value[Math.floor(full.value.length / 2)]!;
      const date = String((bound.committer as Json).date);
      // Faros sends luxon's ISO in the local zone: the same instant at +02:00.
      const local = new Date(ms(date) + 2 * 3_600_000).toISOString().replace("Z", "+02:00");
      const since = await get(`${url}?${criteria}&searchCriteria.fromDate=${encodeURIComponent(local)}`);
      const expected = full.value.filter((c) => ms((c.committer as Json).date) >= ms(date)).map((c) => c.commitId);
      expect((since.body as unknown as Page).value.map((c) => c.commitId).join()).toBe(expected.join());
      expect((since.body as unknown as Page).count).toBe(expected.length);
      // DevLake's spelling, paged with the top-level $top/$skip at a size that is not pre-rendered.
      const paged: unknown[] = [];
      for (let skip = 0; ; skip += 4) {
        const page = (await get(`${url}?$top=4&$skip=${skip}&fromDate=${encodeURIComponent(date)}`)).body as unknown as Page;
        paged.push(...page.value.map((c) => c.commitId));
        if (page.value.length < 4) break;
      }
      expect(paged.join()).toBe(expected.join());
      const until = (await get(`${url}?searchCriteria.toDate=${encodeURIComponent(date)}`)).body as unknown as Page;
      expect(until.value.map((c) => c.commitId).join()).toBe(
        full.value
          .filter((c) => ms((c.committer as Json).date) <= ms(date))
          .map((c) => c.commitId)
          .join(),
      );
    },
    TIMEOUT,
  );

  it(
    "syncs pull requests as DevLake does: status=all, created since minTime, $skip/$top pages until a short one",
    async () => {
      const url = `${orgUrl}/${project}/_apis/git/pullrequests`;
      const walk = async (extra: string) => {
        const out: Json[] = [];
        for (let skip = 0; ; skip += 50) {
          const page = (await get(`${url}?api-version=7.1&searchCriteria.status=all&$skip=${skip}&$top=50${extra}`))
            .body as unknown as Page;
          out.push(...page.value);
          expect(page.count).toBe(page.value.length);
          if (page.value.length < 50) return out;
        }
      };
      const full = await walk("");
      expect(full.length).toBe(world.repos.reduce((n, r) => n + r.pulls.length, 0));
      const since = String(full[Math.floor(full.length / 2)]!.creationDate);
      const incremental = await walk(`&searchCriteria.queryTimeRangeType=created&searchCriteria.minTime=${encodeURIComponent(since)}`);
      expect(incremental.map((p) => p.pullRequestId).join()).toBe(
        full
          .filter((p) => ms(p.creationDate) >= ms(since))
          .map((p) => p.pullRequestId)
          .join(),
      );
      // Completed ones of one repository, by the project list's repositoryId filter.
      const repoId = (await repoIds()).get(busiest.name)!;
      const mine = await walk(`&searchCriteria.repositoryId=${repoId}`);
      expect(mine.map((p) => p.pullRequestId).join()).toBe(
        full
          .filter((p) => (p.repository as Json).id === repoId)
          .map((p) => p.pullRequestId)
          .join(),
      );
      const completed = (await get(`${url}?searchCriteria.status=completed&searchCriteria.repositoryId=${repoId}`)).body as unknown as Page;
      expect(completed.value.map((p) => p.pullRequestId).join()).toBe(
        mine
          .filter((p) => p.status === "completed")
          .map((p) => p.pullRequestId)
          .join(),
      );
    },
    TIMEOUT,
  );

  it(
    "syncs work items as Faros and minware do: WIQL on ChangedDate with timePrecision, ordered by it",
    async () => {
      const wiql = `${orgUrl}/${project}/_apis/wit/wiql?api-version=7.1&timePrecision=true&$top=19999`;
      const post = (query: string, url = wiql) =>
        get(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) });
      const changed = (i: (typeof world.workItems)[number]) => i.transitions.at(-1)?.at ?? i.createdAt;
      const sorted = [...world.workItems].sort((a, b) => changed(a) - changed(b) || a.id - b.id);
      const since = new Date(changed(sorted[Math.floor(sorted.length / 2)]!)).toISOString();
      const minware = await post(
        `SELECT [System.Id]\nFROM WorkItems\nWHERE [System.ChangedDate] >= '${since.replace("Z", "+00:00")}'\nAND [System.TeamProject] = ` +
          `@project\nORDER BY [System.ChangedDate]`,
      );
      expect(minware.status).toBe(200);
      const expected = sorted.filter((i) => changed(i) >= Date.parse(since)).map((i) => i.id);
      expect((minware.body.workItems as Json[]).map((w) => w.id).join()).toBe(expected.join());
      expect(minware.body.sortColumns).toStrictEqual([expect.objectContaining({ descending: false })]);
      // Faros: a window, one type, the project by name, newest first.
      const end = new Date(Date.parse(since) + 30 * 86_400_000).toISOString();
      const faros = await post(
        `Select [System.Id] From WorkItems WHERE [System.WorkItemType] = 'Bug' AND [System.TeamProject] = '${world.company.name}' AND ` +
          `[System.ChangedDate] >= '${since}' AND ` +
          `[System.ChangedDate] <= '${end}' ORDER ` +
          `BY [System.ChangedDate] DESC`,
      );
      const bugs = [...world.workItems]
        .filter((i) => i.type === "Bug" && changed(i) >= Date.parse(since) && changed(i) <= Date.parse(end))
        .sort((a, b) => changed(b) - changed(a) || a.id - b.id);
      expect((faros.body.workItems as Json[]).map((w) => w.id).join()).toBe(bugs.map((i) => i.id).join());
      // States IN, UNDER, <>: the pre-rendered open-items query and its computed spelling agree.
      const team = world.teams[0]!;
      const area = `${world.company.name}\\${team.name}`;
      const pre = await post(
        `SELECT [System.Id] FROM WorkItems WHERE [System.TeamProject] = @project AND ` +
          `[System.AreaPath] UNDER '${area}' AND [System.State] ` +
          `<> 'Closed' AND [System.State] <> 'Removed'`,
      );
      const computed = await post(
        `SELECT [System.Id] FROM WorkItems WHERE [System.AreaPath] UNDER '${area}' AND [System.State] NOT IN ('Closed', 'Removed')`,
      );
      expect((computed.body.workItems as Json[]).map((w) => w.id).join()).toBe((pre.body.workItems as Json[]).map((w) => w.id).join());
      expect((pre.body.workItems as Json[]).length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    "ignores parameters Azure DevOps ignores: the bytes do not change",
    async () => {
      const pairs: Array<[string, string]> = [
        [builds, `${builds}?api-version=7.1&deletedFilter=excludeDeleted&$top=1000`],
        [
          `${orgUrl}/_apis/git/repositories/${busiest.name}/commits`,
          `${orgUrl}/_apis/git/repositories/${busiest.name}/commits?state=all&api-version=7.1`,
        ],
        [
          `${orgUrl}/${project}/_apis/git/pullrequests?searchCriteria.status=all`,
          `${orgUrl}/${project}/_apis/git/pullrequests?searchCriteria.status=4&per_page=100&searchCriteria.includeLinks=false`,
        ],
        [`${builds}?$top=100&minTime=2020-01-01T00:00:00Z`, `${builds}?$top=100&minTime=2020-01-01T00:00:00Z&foo=bar`],
        // A date the service cannot bind is dropped (azure-devops-node-api#250): the unfiltered page.
        [`${builds}?$top=100`, `${builds}?$top=100&minTime=last%20tuesday`],
      ];
      for (const [plain, noisy] of pairs) {
        const [a, b] = [await get(plain), await get(noisy)];
        expect(a.status).toBe(200);
        expect(b.text, noisy).toBe(a.text);
        expect(b.headers.get("x-ms-continuationtoken")).toBe(a.headers.get("x-ms-continuationtoken"));
      }
    },
    TIMEOUT,
  );

  it(
    "refuses bad input with the service's own 400: an unknown queryOrder or status, a bad token, a malformed WIQL",
    async () => {
      expectAdoError(await get(`${builds}?queryOrder=sideways`), /VssServiceException/);
      expectAdoError(await get(`${builds}?statusFilter=sleeping`), /VssServiceException/);
      expectAdoError(await get(`${builds}?continuationToken=not-a-token`), /VssServiceException/);
      expectAdoError(await get(`${orgUrl}/${project}/_apis/git/pullrequests?searchCriteria.status=merged`), /VssServiceException/);
      const wiql = `${orgUrl}/${project}/_apis/wit/wiql`;
      const post = (query: string, q = "") =>
        get(`${wiql}${q}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query }) });
      expectAdoError(await post("SELECT [System.Id] FROM WorkItems WHERE [System.State] = 'Active' AND ("), /QueryException/);
      expectAdoError(await post("SELECT [System.Id] FROM WorkItems WHERE [System.State] = 'Active"), /QueryException/);
      const unknown = await post("SELECT [System.Id] FROM WorkItems WHERE [Custom.Nope] = 1");
      expectAdoError(unknown, /QueryException/);
      expect(String(unknown.body.message)).toMatch(/^TF51005/);
      // Date precision (no timePrecision=true) refuses a time, as the service does.
      const precise = await post("SELECT [System.Id] FROM WorkItems WHERE [System.ChangedDate] >= '2026-03-25T13:11:27Z'");
      expectAdoError(precise, /QueryException/);
      expect(String(precise.body.message)).toMatch(/date precision/);
    },
    TIMEOUT,
  );

  it(
    "answers a computed request with the same bytes every time",
    async () => {
      const urls = [
        `${builds}?$top=37&queryOrder=startTimeAscending&continuationToken=74`,
        `${orgUrl}/${project}/_apis/git/pullrequests?searchCriteria.status=all&$top=13&$skip=26&` +
          `searchCriteria.minTime=2020-01-01T00:00:00Z`,
      ];
      for (const url of urls) {
        const [a, b] = [await get(url), await get(url)];
        expect(a.status).toBe(200);
        expect(b.text).toBe(a.text);
        expect(b.headers.get("x-ms-continuationtoken")).toBe(a.headers.get("x-ms-continuationtoken"));
      }
      const query = JSON.stringify({
        query: "SELECT [System.Id] FROM WorkItems WHERE [System.State] IN ('Active', 'New') ORDER BY [System.CreatedDate] DESC",
      });
      const wiql = `${orgUrl}/${project}/_apis/wit/wiql`;
      const [a, b] = [
        await get(wiql, { method: "POST", headers: { "content-type": "application/json" }, body: query }),
        await get(wiql, { method: "POST", headers: { "content-type": "application/json" }, body: query }),
      ];
      expect(a.status).toBe(200);
      expect(b.text).toBe(a.text);
    },
    TIMEOUT,
  );
});
