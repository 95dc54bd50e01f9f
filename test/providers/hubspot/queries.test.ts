import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const only = process.env.SNAPVERSE_TEST_PINS?.split(",").filter(Boolean);
const pinName = "hubspot-v3";
const TIMEOUT = 60_000;

type Any = Record<string, any>;

/**
 * The list queries real HubSpot connectors send (see the research on Airbyte's source-hubspot and
 * singer-io/tap-hubspot), with plain fetch exactly as they send them: Airbyte's full refresh
 * (`archived=false`, repeated `associations`, a comma `properties` list, `limit=100`, `after`), its
 * incremental search (a top-level `filters` array, `hs_object_id` ascending, `after` advanced by 200),
 * tap-hubspot's `archived=False`, and any `limit` from 1 to 100 walked through `paging.next`.
 */
describe.skipIf(only !== undefined && !only.includes(pinName))(`list queries against ${pinName}`, () => {
  const pin = catalog.pins.find((p) => p.name === pinName)!;
  const world = buildWorld(catalog.generations.get(pin.generation)!, { render: loadTemplates("templates/repo") });
  const api = `${baseUrl}/${pinName}`;
  const get = async (path: string) => {
    const res = await fetch(`${api}/${path}`);
    return { status: res.status, text: await res.text() };
  };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${api}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json()) as Any };
  };

  /** Walks a GET list through `paging.next.link` (the next page as HubSpot links it) to the end. */
  const walk = async (first: string): Promise<{ items: Any[]; pages: number }> => {
    const items: Any[] = [];
    let url: string | undefined = `${api}/${first}`;
    let pages = 0;
    while (url) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      const body = (await res.json()) as Any;
      items.push(...body.results);
      pages++;
      expect(pages).toBeLessThan(1000);
      url = body.paging?.next?.link;
    }
    return { items, pages };
  };

  /** Airbyte's incremental search: top-level filters, one sort, `after` advanced by the limit until a short page. */
  const airbyteSearch = async (type: string, property: string, from: number, to: number): Promise<Any[]> => {
    const out: Any[] = [];
    for (let after = 0; ; after += 200) {
      const { status, json } = await post(`crm/v3/objects/${type}/search`, {
        limit: 200,
        after,
        properties: [property, "hs_object_id"],
        sorts: [{ propertyName: "hs_object_id", direction: "ASCENDING" }],
        filters: [
          { propertyName: property, operator: "GTE", value: String(from) },
          { propertyName: property, operator: "LTE", value: String(to) },
          { propertyName: "hs_object_id", operator: "GTE", value: "0" },
        ],
      });
      expect(status).toBe(200);
      out.push(...json.results);
      if (json.results.length < 200) return out;
    }
  };

  const ids = (xs: Any[]) => xs.map((x) => x.id).join(",");

  it(
    "runs Airbyte's full refresh then its incremental search on contacts, and gets exactly the records updated since the bound",
    async () => {
      const full = await walk(
        "crm/v3/objects/contact?archived=false&associations=companies&associations=deals&" +
          "properties=email,firstname,lastmodifieddate&limit=100",
      );
      expect(full.items.length).toBe(world.commerce.contacts.length);
      expect(full.pages).toBe(Math.ceil(full.items.length / 100));
      // A bound in the middle of the updates, so the incremental answer is neither empty nor everything.
      const stamps = full.items.map((c) => Date.parse(c.updatedAt)).sort((a, b) => a - b);
      const bound = stamps[Math.floor(stamps.length / 2)]!;
      const end = stamps.at(-1)!;
      const since = await airbyteSearch("contacts", "lastmodifieddate", bound, end);
      const want = full.items.filter((c) => Date.parse(c.updatedAt) >= bound).sort((a, b) => Number(a.id) - Number(b.id));
      expect(want.length).toBeGreaterThan(0);
      expect(want.length).toBeLessThan(full.items.length);
      expect(ids(since)).toBe(ids(want));
      // Beside filterGroups, the top-level filters are ANDed into every group.
      const both = await post("crm/v3/objects/contacts/search", {
        limit: 200,
        filters: [{ propertyName: "lastmodifieddate", operator: "GTE", value: String(bound) }],
        filterGroups: [{ filters: [{ propertyName: "hs_object_id", operator: "LTE", value: want[0]!.id }] }],
      });
      expect(ids(both.json.results)).toBe(want[0]!.id);
    },
    TIMEOUT,
  );

  it(
    "runs the same incremental search on deals by hs_lastmodifieddate, paged by 200",
    async () => {
      const full = await walk("crm/v3/objects/deal?archived=false&limit=100");
      const stamps = full.items.map((c) => Date.parse(c.updatedAt)).sort((a, b) => a - b);
      const bound = stamps[Math.floor(stamps.length / 3)]!;
      const since = await airbyteSearch("deals", "hs_lastmodifieddate", bound, stamps.at(-1)!);
      expect(ids(since)).toBe(ids(full.items.filter((c) => Date.parse(c.updatedAt) >= bound)));
    },
    TIMEOUT,
  );

  it(
    "answers any limit from 1 to 100 through paging.next, with the same records as the default pages",
    async () => {
      const canonical = await walk("crm/v3/objects/contacts");
      for (const limit of [1, 7, 50, 99, 100]) {
        const walked = await walk(`crm/v3/objects/contacts?limit=${limit}`);
        expect(ids(walked.items), `limit=${limit}`).toBe(ids(canonical.items));
        expect(walked.pages).toBe(Math.ceil(canonical.items.length / limit));
      }
      const page = JSON.parse((await get("crm/v3/objects/contacts?limit=50")).text) as Any;
      expect(page.results.length).toBe(50);
      expect(page.paging.next).toStrictEqual({ after: "50", link: `${api}/crm/v3/objects/contacts?limit=50&after=50` });
      // A limit above 100 gets 100; owners, associations and files page the same way.
      expect((await get("crm/v3/objects/contacts?limit=500")).text).toBe((await get("crm/v3/objects/contacts?limit=100")).text);
      const owners = await walk("crm/v3/owners?limit=3");
      expect(ids(owners.items)).toBe(ids((await walk("crm/v3/owners")).items));
      expect(ids((await walk("files/v3/files/search?limit=4")).items)).toBe(ids((await walk("files/v3/files/search")).items));
    },
    TIMEOUT,
  );

  it(
    "reads archived=False (tap-hubspot's Python boolean) as archived=false, and archived=true as the archived list",
    async () => {
      const plain = (await get("crm/v3/objects/deals?limit=100")).text;
      expect((await get("crm/v3/objects/deals?limit=100&archived=False")).text).toBe(plain);
      expect((await get("crm/v3/objects/deals?limit=100&archived=FALSE")).text).toBe(plain);
      const archived = await walk("crm/v3/objects/deals?archived=true&limit=2");
      expect(archived.items.length).toBeGreaterThan(0);
      expect(archived.items.every((d) => d.archived === true)).toBe(true);
      expect(ids(archived.items)).toBe(ids((await walk("crm/v3/objects/deals?archived=true")).items));
    },
    TIMEOUT,
  );

  it(
    "sorts a search ascending and descending by the modified date, and the two orders differ",
    async () => {
      const sorted = async (direction: string) => {
        const { status, json } = await post("crm/v3/objects/tickets/search", {
          limit: 200,
          properties: ["hs_lastmodifieddate"],
          sorts: [{ propertyName: "hs_lastmodifieddate", direction }],
          filters: [{ propertyName: "hs_object_id", operator: "GTE", value: "0" }],
        });
        expect(status).toBe(200);
        return json.results.map((r: Any) => Date.parse(r.properties.hs_lastmodifieddate)) as number[];
      };
      const asc = await sorted("ASCENDING");
      const desc = await sorted("DESCENDING");
      expect(asc.length).toBeGreaterThan(2);
      expect(asc.join(",")).not.toBe(desc.join(","));
      expect(asc.every((t, i) => i === 0 || asc[i - 1]! <= t)).toBe(true);
      expect(desc.every((t, i) => i === 0 || desc[i - 1]! >= t)).toBe(true);
    },
    TIMEOUT,
  );

  it(
    "leaves the bytes unchanged for parameters HubSpot does not filter by",
    async () => {
      const list = (await get("crm/v3/objects/contacts?limit=100")).text;
      expect(
        (await get("crm/v3/objects/contacts?limit=100&properties=email,firstname&associations=companies&associations=deals")).text,
      ).toBe(list);
      // `propertiesWithHistory` on a list is HubSpot's: every record then carries the histories (any names select them all).
      const withHistory = JSON.parse((await get("crm/v3/objects/contacts?limit=100&propertiesWithHistory=email")).text) as Any;
      expect(withHistory.results.map((r: Any) => r.id)).toStrictEqual((JSON.parse(list) as Any).results.map((r: Any) => r.id));
      expect(withHistory.results.every((r: Any) => r.propertiesWithHistory.email[0].value === r.properties.email)).toBe(true);
      const first = JSON.parse(list) as Any;
      const one = (await get(`crm/v3/objects/contacts/${first.results[0].id}`)).text;
      expect((await get(`crm/v3/objects/contacts/${first.results[0].id}?limit=100&after=5`)).text).toBe(one);
      const computed = (await get("crm/v3/objects/contacts?limit=30&after=30")).text;
      expect((await get("crm/v3/objects/contacts?after=30&limit=30&properties=email&associations=deals")).text).toBe(computed);
    },
    TIMEOUT,
  );

  it(
    "looks owners up by email: any case, and an unknown address is an empty list",
    async () => {
      const owner = world.commerce.staff[0]!;
      const exact = (await get(`crm/v3/owners?email=${encodeURIComponent(owner.email)}`)).text;
      expect((JSON.parse(exact) as Any).results.map((o: Any) => o.email)).toStrictEqual([owner.email]);
      expect((await get(`crm/v3/owners?email=${encodeURIComponent(owner.email.toUpperCase())}`)).text).toBe(exact);
      expect(await get("crm/v3/owners?email=nobody%40example.com")).toStrictEqual({ status: 200, text: '{"results":[]}' });
    },
    TIMEOUT,
  );

  it(
    "refuses a malformed cursor and a malformed search with HubSpot's VALIDATION_ERROR",
    async () => {
      const bad = await get("crm/v3/objects/contacts?after=not-a-cursor");
      expect(bad.status).toBe(400);
      const body = JSON.parse(bad.text) as Any;
      expect(Object.keys(body)).toStrictEqual(["status", "message", "correlationId", "category"]);
      expect(`${body.status} ${body.category} ${body.message}`).toBe("error VALIDATION_ERROR after is not a valid continuation token");
      const search = await post("crm/v3/objects/contacts/search", { filters: [{ propertyName: "lastmodifieddate", value: "1" }] });
      expect(`${search.status} ${search.json.category}`).toBe("400 VALIDATION_ERROR");
      expect(search.json.message).toContain("[operator]");
      const notArray = await post("crm/v3/objects/contacts/search", { filters: { propertyName: "email" } });
      expect(`${notArray.status} ${notArray.json.category}`).toBe("400 VALIDATION_ERROR");
    },
    TIMEOUT,
  );

  it(
    "answers the same computed request with the same bytes",
    async () => {
      const a = await get("crm/v3/objects/companies?limit=13&after=26");
      const b = await get("crm/v3/objects/companies?limit=13&after=26");
      expect(a.status).toBe(200);
      expect(b.text).toBe(a.text);
    },
    TIMEOUT,
  );

  it(
    "searches files and folders by every documented parameter, as files.json describes each, and sorts them",
    async () => {
      const all = (await walk("files/v3/files/search?limit=100")).items;
      expect(all.length).toBeGreaterThan(20);
      const expect_ = async (query: string, want: (f: Any) => boolean) => {
        const got = (await walk(`files/v3/files/search?limit=7&${query}`)).items;
        const wanted = all.filter(want);
        expect(ids(got), query).toBe(ids(wanted));
        return wanted.length;
      };
      const sample = all[Math.floor(all.length / 2)]!;
      const epoch = (iso: string) => Date.parse(iso);
      // A substring of a name, and exact values.
      const word = String(sample.name).split("-")[0]!;
      expect(await expect_(`name=${word}`, (f) => f.name.toLowerCase().includes(word.toLowerCase()))).toBeGreaterThan(0);
      expect(await expect_(`extension=${sample.extension}`, (f) => f.extension === sample.extension)).toBeGreaterThan(0);
      expect(await expect_(`fileMd5=${sample.fileMd5}`, (f) => f.fileMd5 === sample.fileMd5)).toBe(1);
      expect(await expect_(`path=${encodeURIComponent(sample.path)}`, (f) => f.path === sample.path)).toBe(1);
      // Lists, repeated or comma-joined, and bounds: times in epoch milliseconds, sizes in bytes.
      const two = [all[0]!.id, all[3]!.id];
      expect(await expect_(`ids=${two[0]}&ids=${two[1]}`, (f) => two.includes(f.id))).toBe(2);
      expect(await expect_(`ids=${two.join(",")}`, (f) => two.includes(f.id))).toBe(2);
      const at = epoch(sample.createdAt);
      const before = await expect_(`createdAtLte=${at}`, (f) => epoch(f.createdAt) <= at);
      const after = await expect_(`createdAtGte=${at}`, (f) => epoch(f.createdAt) >= at);
      expect(before + after).toBeGreaterThan(all.length);
      expect(await expect_(`createdAt=${at}`, (f) => epoch(f.createdAt) === at)).toBeGreaterThan(0);
      expect(
        await expect_(`sizeGte=${sample.size}&sizeLte=${sample.size + 5}`, (f) => f.size >= sample.size && f.size <= sample.size + 5),
      ).toBeGreaterThan(0);
      expect(await expect_(`before=${epoch(sample.updatedAt)}`, (f) => epoch(f.updatedAt) < epoch(sample.updatedAt))).toBeGreaterThan(0);
      // Every file here is a private document: none is public, none has a height.
      expect(await expect_("allowsAnonymousAccess=true", (f) => f.access.startsWith("PUBLIC"))).toBe(0);
      expect(await expect_("allowsAnonymousAccess=false", (f) => f.access === "PRIVATE")).toBe(all.length);
      expect(await expect_("heightGte=1", () => false)).toBe(0);
      // Sorted by a field, `-` for descending.
      const byName = (await walk("files/v3/files/search?limit=9&sort=-name")).items.map((f) => f.name as string);
      expect(byName.join(",")).toBe(
        all
          .map((f) => f.name as string)
          .sort()
          .reverse()
          .join(","),
      );
      const folders = (await walk("files/v3/folders/search")).items;
      expect(folders.length).toBeGreaterThan(0);
      expect(ids((await walk(`files/v3/folders/search?name=${folders[0]!.name.slice(1, 4)}`)).items)).toContain(folders[0]!.id);
      expect((await walk("files/v3/folders/search?idGte=1&idLte=2")).items.length).toBe(0);
    },
    TIMEOUT,
  );
});
