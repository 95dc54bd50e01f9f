import { describe, expect, inject, it } from "vitest";
import { loadCatalog } from "../../generator/catalog/index.js";
import type { SnapshotRecord } from "../../generator/catalog/records.js";
import { providers } from "../../generator/providers/index.js";

const baseUrl = inject("baseUrl");
const catalog = loadCatalog("catalog.yaml");
const api = (query = "") => fetch(`${baseUrl}/catalog/v1/snapshots${query}`);

/** GET {catalog}/v1/snapshots: the catalog.yaml contract, machine-readable, filtered, with clear errors. */
describe("the catalog API", () => {
  it("lists every pin of catalog.yaml with what a client needs to pick one", async () => {
    const res = await api();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total_count: number; snapshots: SnapshotRecord[] };
    expect(body.total_count).toBe(15);
    const expected = catalog.pins.map(
      (p) =>
        `${p.name}|${p.provider}|${p.generation}|${p.apiVersion}|${p.files}|${baseUrl}/${p.name}` +
        `|${p.name}.snap.snapverse.dev|${providers.has(p.provider)}`,
    );
    expect(
      body.snapshots
        .map((r) => `${r.pin}|${r.provider}|${r.generation}|${r.api_version}|${r.files}|${r.base_url}|${r.host}|${r.available}`)
        .join("\n"),
    ).toBe(expected.join("\n"));
  });

  it.each([
    ["?generation=5", catalog.pins.filter((p) => p.generation === 5)],
    ["?generation=1&provider=gh", catalog.pins.filter((p) => p.generation === 1 && p.provider === "gh")],
    ["?files=false", catalog.pins.filter((p) => !p.files)],
    ["?provider=openai&files=true&generation=5", catalog.pins.filter((p) => p.provider === "openai")],
    ["?provider=hubspot&generation=1", []],
  ])("filters %s", async (query, pins) => {
    const body = (await (await api(query)).json()) as { snapshots: SnapshotRecord[] };
    expect(body.snapshots.map((r) => r.pin).join(",")).toBe(pins.map((p) => p.name).join(","));
  });

  it("answers an unknown filter or value with a 400 that says what is accepted", async () => {
    for (const query of ["?gen=1", "?generation=2", "?provider=nope", "?files=yes", "?generation=1&x=1"]) {
      const res = await api(query);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: string; message: string };
      expect(body.error).toBe("bad_request");
      expect(body.message).toContain("generation (1, 5)");
      expect(body.message).toContain("files (true, false)");
    }
  });

  it("serves one pin, and a 404 that says a pin is not in the catalog", async () => {
    const one = await fetch(`${baseUrl}/catalog/v1/snapshots/gh-2026-03`);
    expect(((await one.json()) as SnapshotRecord).api_version).toBe("2026-03-10");
    const missing = await fetch(`${baseUrl}/catalog/v1/snapshots/gh-2026-03-g11`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toContain("gh-2026-03-g11' is not in the catalog");
  });

  it("lists the 21 live hosts", async () => {
    const body = (await (await fetch(`${baseUrl}/catalog/v1/live-hosts`)).json()) as {
      live_hosts: Array<{ prefix: string; host: string }>;
    };
    expect(body.live_hosts.map((h) => h.host).join(",")).toBe(catalog.livePrefixes.map((p) => `${p}.snapverse.dev`).join(","));
  });
});
