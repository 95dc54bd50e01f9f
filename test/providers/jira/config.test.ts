import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { validateJira } from "./schema.js";

/**
 * The site and configuration requests connectors make besides issues:
 * - Apache DevLake's connection test (apache/incubator-devlake backend/plugins/jira/api/connection_api.go,
 *   `testConnection`, line 55 at 0d9b5c16: `apiClient.Get("api/2/serverInfo", nil, nil)`) reads
 *   `deploymentType` and `versionNumbers` (models.JiraServerInfo) and then `agile/1.0/board`;
 * - Airbyte source-jira (airbytehq/airbyte airbyte-integrations/connectors/source-jira/manifest.yaml at
 *   01961889): its `paginator` sends `maxResults=50`, then `startAt` = the answer's `startAt + maxResults`,
 *   and stops on `isLast` or `startAt + maxResults >= total`; its full-refresh streams on
 *   `priority/search`, `resolution/search`, `label`, `filter/search`, `group/bulk` and `workflow/search`
 *   extract `values`; `issueLinkType` (`issueLinkTypes`) and `projectCategory` are not paged; its
 *   `application_roles` stream reads `applicationrole` whole (`selector_base`, `NoPagination`) and its
 *   `key`, `groups`, `defaultGroups`, `numberOfSeats`, `remainingSeats`, `userCount`; all under `/rest/api/3/`.
 * Expected values come from the world model and Jira Cloud's defaults.
 */
const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const TIMEOUT = 120_000;

type Any = Record<string, any>;

describe.each(["jira-v3", "jira-v3-g5"].filter((p) => !only || only.includes(p)))("site and configuration on %s", (pinName) => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const url = (path: string) => `${baseUrl}/${pinName}/${path}`;
  const get = async (path: string) => {
    const res = await fetch(url(path));
    return { status: res.status, text: await res.text() };
  };
  const json = async (path: string): Promise<Any> => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    const body = JSON.parse(res.text) as Any;
    const key = path.split("?")[0]!.replace(/^rest\/api\/2\//, "rest/api/3/");
    expect(validateJira(key, body), path).toBe(undefined);
    return body;
  };
  /** Airbyte's paginator, as its manifest writes it. */
  const airbyte = async (path: string) => {
    const values: unknown[] = [];
    let query = "maxResults=50";
    for (let n = 0; n < 100; n++) {
      const page = await json(`${path}?${query}`);
      values.push(...(page.values as unknown[]));
      const next = page.startAt + page.maxResults;
      if (page.isLast || next >= page.total) return { values, pages: n + 1, total: page.total as number };
      query = `maxResults=50&startAt=${next}`;
    }
    throw new Error("no last page");
  };

  it(
    "answers DevLake's connection test on /rest/api/2/serverInfo as Jira Cloud",
    async () => {
      const v2 = await get("rest/api/2/serverInfo");
      const v3 = await get("rest/api/3/serverInfo");
      expect(v2.status).toBe(200);
      expect(v2.text).toBe(v3.text);
      const info = JSON.parse(v2.text) as Any;
      expect(validateJira("rest/api/3/serverInfo", info)).toBe(undefined);
      expect(info.deploymentType).toBe("Cloud");
      expect(JSON.stringify(info.versionNumbers)).toBe("[1001,0,0]");
      expect(info.version).toBe("1001.0.0-SNAPSHOT");
      const board = await get("rest/agile/1.0/board");
      expect(board.status).toBe(200);
      // The caller, in both versions (jira.js Version2Client and Airbyte's check read `accountId`).
      const me2 = await get("rest/api/2/myself");
      expect(me2.status).toBe(200);
      expect(me2.text).toBe((await get("rest/api/3/myself")).text);
      const admin = world.people.find((p) => p.admin) ?? world.people[0]!;
      const me = JSON.parse(me2.text) as Any;
      expect(me.emailAddress).toBe(admin.email);
      // `baseUrl` is the site: the origin every link of the pin starts with.
      expect(info.baseUrl).toBe(String(me.self).split("/rest/api/3/")[0]);
    },
    TIMEOUT,
  );

  it(
    "serves the v2 configuration as v3 writes it",
    async () => {
      for (const path of [
        "field",
        "status",
        "priority",
        "issuetype",
        "resolution",
        "issueLinkType",
        "projectCategory",
        "priority/search?maxResults=50",
      ]) {
        const v2 = await get(`rest/api/2/${path}`);
        expect(v2.status, path).toBe(200);
        expect(v2.text, path).toBe((await get(`rest/api/3/${path}`)).text);
      }
    },
    TIMEOUT,
  );

  it(
    "pages Airbyte's priority/search and resolution/search streams",
    async () => {
      const priorities = await airbyte("rest/api/3/priority/search");
      expect(priorities.pages).toBe(1);
      expect((priorities.values as Any[]).map((p) => `${p.id} ${p.name} ${p.isDefault}`)).toStrictEqual([
        "1 Highest false",
        "2 High false",
        "3 Medium true",
        "4 Low false",
        "5 Lowest false",
      ]);
      const resolutions = await airbyte("rest/api/3/resolution/search");
      expect((resolutions.values as Any[]).map((r) => `${r.id} ${r.name}`)).toStrictEqual([
        "10000 Done",
        "10001 Won't Do",
        "10002 Duplicate",
        "10003 Cannot Reproduce",
      ]);
    },
    TIMEOUT,
  );

  it(
    "answers Airbyte's issueLinkType stream with Jira Cloud's default link types",
    async () => {
      const body = await json("rest/api/3/issueLinkType");
      const types = body.issueLinkTypes as Any[];
      expect(types.map((t) => `${t.id} ${t.name}: ${t.inward} / ${t.outward}`)).toStrictEqual([
        "10000 Blocks: is blocked by / blocks",
        "10001 Cloners: is cloned by / clones",
        "10002 Duplicate: is duplicated by / duplicates",
        "10003 Relates: relates to / relates to",
      ]);
      for (const t of types) {
        const one = await fetch(String(t.self));
        expect(one.status).toBe(200);
        expect(await one.text()).toBe(JSON.stringify(t));
      }
    },
    TIMEOUT,
  );

  it(
    "pages Airbyte's label stream: every label the issues carry, alphabetically",
    async () => {
      const expected = [...new Set(world.workItems.flatMap((i) => i.labels))].sort();
      expect(expected.length > 0).toBe(true);
      const labels = await airbyte("rest/api/3/label");
      expect(labels.values as string[]).toStrictEqual(expected);
      expect(labels.total).toBe(expected.length);
      // A small page size walks to the same list.
      const first = await json("rest/api/3/label?maxResults=2");
      expect(first.values as string[]).toStrictEqual(expected.slice(0, 2));
    },
    TIMEOUT,
  );

  it(
    "answers Airbyte's filter/search, group/bulk and projectCategory streams",
    async () => {
      // The saved filter behind each board (Jira Software creates one with the board), by name.
      const filters = await airbyte("rest/api/3/filter/search");
      const keys = world.teams.map((t) => t.key).sort();
      expect((filters.values as Any[]).map((f) => `${f.name}: ${f.jql}`)).toStrictEqual(
        keys.map((k) => `Filter for ${k} board: project = ${k} ORDER BY Rank ASC`),
      );
      expect(filters.total).toBe(world.teams.length);
      const groups = await airbyte("rest/api/3/group/bulk");
      const slug = world.company.slug;
      expect((groups.values as Any[]).map((g) => g.name)).toStrictEqual(
        ["administrators", `confluence-users-${slug}`, `jira-admins-${slug}`, `jira-software-users-${slug}`, "site-admins"].sort(),
      );
      const categories = await get("rest/api/3/projectCategory");
      expect(categories.text).toBe("[]");
    },
    TIMEOUT,
  );

  it(
    "pages Airbyte's workflow/search stream: the system workflow and each project's",
    async () => {
      const flows = await airbyte("rest/api/3/workflow/search");
      const keys = world.teams.map((t) => t.key);
      expect((flows.values as Any[]).map((w) => w.id.name)).toStrictEqual(
        ["jira", ...keys.map((k) => `Software Simplified Workflow for Project ${k}`)].sort(),
      );
      expect(flows.total).toBe(keys.length + 1);
    },
    TIMEOUT,
  );

  it(
    "answers Airbyte's application_roles stream: Jira Software and everyone's seat",
    async () => {
      const roles = await json("rest/api/3/applicationrole");
      expect((roles as unknown as Any[]).map((r) => `${r.key} ${r.userCount} ${r.numberOfSeats - r.remainingSeats}`)).toStrictEqual([
        `jira-software ${world.people.length} ${world.people.length}`,
      ]);
      const role = (roles as unknown as Any[])[0]!;
      expect(role.defaultGroups as string[]).toStrictEqual([`jira-software-users-${world.company.slug}`]);
      expect((role.groups as string[]).includes(`jira-software-users-${world.company.slug}`)).toBe(true);
      const v2 = await get("rest/api/2/applicationrole");
      expect(v2.text).toBe(JSON.stringify(roles));
    },
    TIMEOUT,
  );
});
