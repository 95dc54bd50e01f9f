import { describe, expect, it } from "vitest";
import { defineProvider, providerRegistry, type ProviderDefinition } from "../../generator/core/define-provider.js";
import type { ComputeHandler, PinContext, ServingProfile } from "../../generator/core/provider.js";
import type { World } from "../../generator/world/types.js";

/** defineProvider (decision 0021): a route and its code are defined together; the profile gets the routes as data. */
const reply =
  (body: string): ComputeHandler =>
  async () => ({ status: 200, body });
const search = reply("search");
const base = {
  id: "unit",
  name: "Unit",
  unavailable: { status: 503, body: { message: "{message}" } },
  resources: () => [],
} satisfies Partial<ProviderDefinition>;
const profile = (computed?: ServingProfile["computed"]): ServingProfile => ({
  provider: "unit",
  headers: {},
  query: { keep: [], defaults: [], anyValue: [], clamp: [] },
  errors: { notFound: { status: 404, body: {} }, methodNotAllowed: { status: 405, body: {} } },
  ...(computed ? { computed } : {}),
});
const pin = {} as PinContext;
const world = {} as World;

describe("defineProvider", () => {
  it("writes the routes as data, in order, with pin-dependent paths expanded, and collects each handler once", () => {
    const provider = defineProvider({
      ...base,
      computed: [
        { method: "GET", path: "^search$", handler: "search", run: search },
        { method: "HEAD", paths: () => ["^a$", "^b$"], handler: "missing", run: reply("missing") },
        { method: "POST", path: "^search$", handler: "search", run: search },
      ],
      serving: (_pin, _world, computed) => profile(computed),
    });
    expect(JSON.stringify(provider.serving(pin, world))).toBe(
      JSON.stringify(
        profile([
          { method: "GET", path: "^search$", handler: "search" },
          { method: "HEAD", path: "^a$", handler: "missing" },
          { method: "HEAD", path: "^b$", handler: "missing" },
          { method: "POST", path: "^search$", handler: "search" },
        ]),
      ),
    );
    expect([...provider.handlers.keys()].join(",")).toBe("search,missing");
    expect(provider.manifest).toStrictEqual({ id: "unit", name: "Unit", unavailable: base.unavailable });
    expect([...providerRegistry([provider]).computeHandlers.keys()].join(",")).toBe("unit/search,unit/missing");
  });

  it("refuses two different functions under one handler name, and a profile that drops its routes", () => {
    const twice = [
      { method: "GET", path: "^a$", handler: "search", run: search },
      { method: "GET", path: "^b$", handler: "search", run: reply("other") },
    ];
    expect(() => defineProvider({ ...base, computed: twice, serving: () => profile() })).toThrow(
      /two different handlers are named 'search'/,
    );
    const dropped = defineProvider({ ...base, computed: [twice[0]!], serving: () => profile() });
    expect(() => dropped.serving(pin, world)).toThrow(/must place the computed routes/);
  });
});
