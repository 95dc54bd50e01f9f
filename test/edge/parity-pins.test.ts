import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import { DOMAIN, GROUPS, parity, same, type Sampled } from "./harness.js";
import { raw } from "./processes.js";

/**
 * The edge against the local server on Jira, Linear, OpenAI, Devin and the catalog (harness.ts): GraphQL,
 * POST-as-read, the catalog's filters, unknown and unbuilt pins; and the same tree read through R2.
 */
const post = (provider: string, host: string, path: string, headers: Record<string, string>, body: string): Sampled => ({
  provider,
  host,
  path,
  init: { method: "POST", headers, body },
});
const bench = parity(GROUPS.pins, {
  statuses: [200, 304, 400, 404, 503],
  extra: () => [
    post(
      "linear",
      `linear-2026-08.snap.${DOMAIN}`,
      "/graphql",
      { authorization: "lin_api_test", "content-type": "application/json", "accept-encoding": "gzip" },
      JSON.stringify({
        query: "{ viewer { id name } issues(first: 3) { nodes { id identifier title } pageInfo { hasNextPage endCursor } } }",
      }),
    ),
    post(
      "jira",
      `jira-v3.snap.${DOMAIN}`,
      "/rest/api/3/search/jql",
      { authorization: "Basic dTpw", "content-type": "application/json", "accept-encoding": "br" },
      JSON.stringify({ jql: "project = PLAT ORDER BY created DESC", maxResults: 2, fields: ["summary", "status"] }),
    ),
    ...["/v1/snapshots", "/v1/snapshots?provider=gh", "/v1/snapshots?provider=nope", "/v1/snapshots/devin-v1", "/v1/live-hosts"].map(
      (path) => ({ provider: "catalog", host: `catalog.${DOMAIN}`, path, init: { headers: { "accept-encoding": "gzip" } } }),
    ),
    { provider: "catalog", host: `no-such-pin-2026.snap.${DOMAIN}`, path: "/", init: {} },
    // A pin of the catalog that this tree does not hold: the provider's 503.
    { provider: "gh", host: `gh-2026-03-g5.snap.${DOMAIN}`, path: "/user", init: { headers: { "accept-encoding": "gzip" } } },
  ],
});

describe("the edge, over R2; the parity files together", () => {
  it("the parity files cover every provider of the catalog between them", () => {
    const catalog = loadCatalog("catalog.yaml");
    const covered = Object.values(GROUPS).flatMap((g) => [
      ...g.pins.map((p) => catalog.pins.find((x) => x.name === p)!.provider),
      ...g.live,
    ]);
    expect([...new Set(covered)].sort().join(",")).toBe([...catalog.livePrefixes].sort().join(","));
  });

  it("reads the same tree through an R2 binding", async () => {
    // One pin's objects, its pointer and the catalog, copied from the bucket into the Worker's R2 bucket.
    const r2 = await bench.worker({ PREFIX: "prod", POINTER_TTL_SECONDS: "0" }, true);
    const bucket = (await r2.getR2Bucket("BUCKET")) as unknown as { put(key: string, value: Uint8Array): Promise<unknown> };
    const s3 = (key: string) => raw(bench.s3Port, "127.0.0.1", `/snapverse/prod/${key.split("/").map(encodeURIComponent).join("/")}`);
    const pointer = JSON.parse((await s3("pins/devin-v1.json")).body.toString()) as { folder: string };
    const routes = JSON.parse((await s3(`${pointer.folder}/_snapverse/routes.json`)).body.toString()) as Record<string, unknown>;
    const keys = [
      "_catalog.json",
      "pins/devin-v1.json",
      ...["routes", "serving", "lists", "manifest"].map((f) => `${pointer.folder}/_snapverse/${f}.json`),
      ...Object.keys(routes).map((k) => `${pointer.folder}/${k.includes("?") ? k.replace("?", "@") : `${k}@`}`),
    ];
    for (const key of keys) {
      const res = await s3(key);
      expect(res.status, key).toBe(200);
      await bucket.put(`prod/${key}`, new Uint8Array(res.body));
    }
    const port = Number(new URL(String(await r2.ready)).port);
    const variants: Array<Record<string, string>> = [
      { authorization: "Bearer apk_user_test" },
      { authorization: "Bearer apk_user_test", "accept-encoding": "br" },
      {},
    ];
    for (const path of ["/v1/sessions", "/v1/sessions?limit=3", "/v1/knowledge", "/v1/no-such-thing"]) {
      for (const headers of variants) {
        const init = { headers };
        same(
          await raw(bench.localPort, `devin-v1.snap.${DOMAIN}`, path, init),
          await raw(port, `devin-v1.snap.${DOMAIN}`, path, init),
          `R2 ${path}`,
        );
      }
    }
  }, 120_000);
});
