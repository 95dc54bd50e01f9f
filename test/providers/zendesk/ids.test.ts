import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import { ZdModel } from "../../../generator/providers/zendesk/model.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";

/** Issue 18: Zendesk's own ids (comments, ratings, groups, memberships) never collide, at ten times the scale. */
describe("Zendesk ids", () => {
  it("are unique across the account of a universe ten times the default size, and the same in a second model", () => {
    const world = buildWorld(loadCatalog("catalog.yaml").generations.get(5)!, { render: loadTemplates("templates/repo"), scale: 10 });
    const collect = (m: ZdModel) => [
      ...m.groups.map((g) => g.id),
      ...m.tickets.flatMap((t) => [
        ...t.comments.map((c) => c.id),
        ...(t.rating ? [t.rating.id] : []),
        m.numericId(`ticket/${t.id}/event/0/create`),
      ]),
      ...m.groups.flatMap((g) => g.memberIds.map((u) => m.numericId(`group/${g.id}/member/${u}`))),
      ...m.users.filter((u) => u.organizationId !== null).map((u) => m.numericId(`organization/${u.organizationId}/member/${u.id}`)),
    ];
    const ids = collect(new ZdModel(world));
    expect(ids.length).toBeGreaterThan(5_000);
    expect(new Set(ids).size).toBe(ids.length);
    expect(collect(new ZdModel(world)).join(",")).toBe(ids.join(","));
  }, 60_000);
});
