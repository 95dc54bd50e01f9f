import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { DistClient } from "../../conformance/walk.js";
import { GitHubOpenApi } from "./openapi.js";

const dist = inject("dist");
const baseUrl = inject("baseUrl");

/** Every route family of both gh pins, sampled, against GitHub's published OpenAPI description. */
describe.each(["gh-2026-03-g5", "gh-2026-03"])("%s validates against @octokit/openapi", (pinName) => {
  it("every sampled response conforms to its operation's 200 schema", () => {
    const api = new GitHubOpenApi();
    const client = new DistClient(dist, baseUrl);
    const pin = client.pin(pinName);
    const perTemplate = new Map<string, number>();
    const failures: string[] = [];
    let checked = 0;
    for (const [key, route] of [...pin.routes].sort(([a], [b]) => (a < b ? -1 : 1))) {
      // GitHub's team URLs use the legacy /organizations/{id}/team/{id} form, which the description omits.
      const path = key.split("?")[0]!.replace(/^organizations\/(\d+)\/team\/(\d+)/, "orgs/$1/teams/$2");
      const template = api.match(`/${path}`)?.template ?? `(none) ${path}`;
      const seen = perTemplate.get(template) ?? 0;
      if (seen >= 25) continue;
      perTemplate.set(template, seen + 1);
      const body = JSON.parse(readFileSync(join(dist, pinName, route.file), "utf8")) as unknown;
      const problem = api.validate(`/${path}`, body);
      checked++;
      if (problem && !failures.some((f) => f.includes(`[${problem.template}]`))) failures.push(`${key} [${problem.template}]: ${problem.errors.slice(0, 400)}`);
    }
    expect(failures.join("\n")).toBe("");
    expect(perTemplate.size).toBeGreaterThan(40);
    expect(checked).toBeGreaterThan(500);
  });
});
