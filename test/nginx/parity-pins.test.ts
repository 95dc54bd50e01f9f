import { describe, expect, it } from "vitest";
import { compare } from "../edge/harness.js";
import { everyRoute, nginxParity } from "./harness.js";

// Jira, Linear (GraphQL), OpenAI, Devin and HubSpot snapshots, and a live host (proxied whole).
const bench = nginxParity({ pins: ["jira-v3", "linear-2026-08", "openai-2020-10", "devin-v1", "hubspot-v3"], live: ["statuspage"] });

describe("nginx after a rebuild, before the table is written again", () => {
  it("hands every route of the rebuilt pin to the companion server, which serves the new build", async () => {
    const pin = "devin-v1";
    bench.run(["build", "--out", bench.dist, "--scale", "0.03", "--pin", pin]);
    const requests = everyRoute(bench, pin);
    const before = bench.accessLog().length;
    const seen = await compare(bench, requests);
    expect(seen.compared).toBe(requests.length);
    const lines = bench.accessLog().slice(before);
    expect(lines.length).toBeGreaterThanOrEqual(requests.length);
    expect(lines.filter((l) => l.split(" ").at(-2) === "-")).toStrictEqual([]);
  }, 120_000);
});
