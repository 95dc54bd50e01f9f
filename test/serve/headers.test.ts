import { describe, expect, inject, it } from "vitest";
import { DistClient } from "../conformance/walk.js";

/** What the static server adds must not show: stored file names, or a type guessed from an extension. */
describe("served files", () => {
  const baseUrl = inject("baseUrl");
  const client = new DistClient(inject("dist"), baseUrl);
  const pins = (client.store.catalog()?.pins ?? [])
    .map((p) => p.name)
    .filter((name) => client.store.pin(name))
    .sort();

  it("carry the content type they were built with and no Content-Disposition", async () => {
    let raw = 0;
    for (const name of pins) {
      // Handler inputs under _snapverse (Jira's search index) are never served: decision 0007.
      const routes = [...client.pin(name).routes].filter(([key]) => !key.startsWith("_snapverse/")).sort(([a], [b]) => (a < b ? -1 : 1));
      const json = routes.find(([, r]) => r.status === 200 && r.file.endsWith(".json"));
      const typed = routes.find(([, r]) => r.status === 200 && r.headers["content-type"]);
      for (const [key, route] of [json, typed].filter((x) => x !== undefined)) {
        const res = await fetch(`${baseUrl}/${name}/${key}`, { headers: { authorization: "Bearer test" } });
        await res.arrayBuffer();
        expect(`${name}/${key} ${res.status} ${res.headers.get("content-disposition")}`).toBe(`${name}/${key} 200 null`);
        // The route's own type, else the pin's (GitLab: `application/json`, no charset), else JSON's default.
        const pinType = client.pin(name).serving.headers["content-type"];
        expect(res.headers.get("content-type"), `${name}/${key}`).toBe(
          route.headers["content-type"] ?? pinType ?? "application/json; charset=utf-8",
        );
        if (route.headers["content-type"]) raw++;
      }
    }
    expect(pins.length).toBeGreaterThan(0);
    if (pins.some((p) => p.endsWith("-g5"))) expect(raw).toBeGreaterThan(0);
  });
});
