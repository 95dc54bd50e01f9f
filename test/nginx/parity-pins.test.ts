import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ServingProfile } from "../../generator/core/provider.js";
import { compare, credentials } from "../edge/harness.js";
import { DOMAIN, nginxParity } from "./harness.js";

// Jira, Linear (GraphQL), OpenAI, Devin and HubSpot snapshots, and a live host (proxied whole).
const bench = nginxParity({ pins: ["jira-v3", "linear-2026-08", "openai-2020-10", "devin-v1", "hubspot-v3"], live: ["statuspage"] });

describe("nginx after a rebuild, before the table is written again", () => {
  it("hands every route of the rebuilt pin to the companion server, which serves the new build", async () => {
    const pin = "devin-v1";
    bench.run(["build", "--out", bench.dist, "--scale", "0.03", "--pin", pin]);
    const dir = join(bench.dist, pin, "_snapverse");
    const auth = credentials(JSON.parse(readFileSync(join(dir, "serving.json"), "utf8")) as ServingProfile);
    const keys = Object.keys(JSON.parse(readFileSync(join(dir, "routes.json"), "utf8")) as object).sort();
    const before = bench.accessLog().length;
    const seen = await compare(bench, keys.map((key) => ({ provider: pin, host: `${pin}.snap.${DOMAIN}`, path: `/${key}`, init: { headers: auth } })));
    expect(seen.compared).toBe(keys.length);
    const lines = bench.accessLog().slice(before);
    expect(lines.length).toBeGreaterThanOrEqual(keys.length);
    expect(lines.filter((l) => l.split(" ").at(-2) === "-")).toStrictEqual([]);
  }, 120_000);
});
