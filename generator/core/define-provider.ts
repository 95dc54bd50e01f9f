import type { World } from "../world/types.js";
import { registerMechanism } from "./pagination/index.js";
import type { Mechanism } from "./pagination/mechanism.js";
import type { ContributedPaging } from "./pagination/paging.js";
import type { ComputeHandler, ErrorDoc, PinContext, Provider, ProviderManifest, Resource, ServingProfile } from "./provider.js";

/**
 * A computed route with the code that answers it. `handler` is the name the pin's serving.json gives the
 * route (the server looks the code up by it); the name and the code are written once, side by side.
 */
export interface ComputedRoute {
  method: string;
  /** A regex source over the key path. */
  path: string;
  handler: string;
  run: ComputeHandler;
  /** Only for requests whose Accept header matches this regex source (ServingProfile.computed). */
  accept?: string;
}

/**
 * Routes whose paths depend on the pin (Buildkite's names that do not exist): one route per path, in
 * the order given, all answered by the same code.
 */
export interface PinComputedRoutes {
  method: string;
  paths(pin: PinContext, world: World): string[];
  handler: string;
  run: ComputeHandler;
}

/**
 * One provider, as its folder's index.ts defines it (`export default defineProvider({...})`): what the
 * catalog says of it (the ProviderManifest fields: id, name, unavailable, snippet) and how it is built
 * and served. The registry sees this one object.
 */
export interface ProviderDefinition extends ProviderManifest {
  /** The computed routes, in the order the profile lists them. */
  computed?: Array<ComputedRoute | PinComputedRoutes>;
  /**
   * The profile of a pin. `computed` is the data of the routes above for this pin: the profile places it
   * (as `computed`) where its key order puts it, since serving.json keeps the profile's key order.
   */
  serving(pin: PinContext, world: World, computed: NonNullable<ServingProfile["computed"]>): ServingProfile;
  resources(world: World, pin: PinContext): Iterable<Resource>;
  mechanisms?: Record<string, Mechanism<ContributedPaging>>;
  runtimeFiles?: () => string[];
}

/**
 * The Provider core works with, from one definition: the profile gets its computed routes as data, and
 * the handlers are collected from the same routes, so a route and its code cannot drift apart by name.
 */
export function defineProvider(definition: ProviderDefinition): Provider {
  const { id, name, unavailable, snippet, computed = [], mechanisms, runtimeFiles } = definition;
  const manifest: ProviderManifest = { id, name, unavailable, ...(snippet === undefined ? {} : { snippet }) };
  const handlers = new Map<string, ComputeHandler>();
  for (const route of computed) {
    const known = handlers.get(route.handler);
    if (known && known !== route.run) throw new Error(`provider '${manifest.id}': two different handlers are named '${route.handler}'`);
    handlers.set(route.handler, route.run);
  }
  return {
    id: manifest.id,
    manifest,
    serving(pin, world) {
      const data = computed.flatMap((r) =>
        ("paths" in r ? r.paths(pin, world) : [r.path]).map((path) => ({
          method: r.method,
          path,
          handler: r.handler,
          ...("accept" in r && r.accept !== undefined ? { accept: r.accept } : {}),
        })),
      );
      const profile = definition.serving(pin, world, data);
      if (computed.length > 0 && profile.computed !== data)
        throw new Error(`provider '${manifest.id}': serving() must place the computed routes it is given`);
      return profile;
    },
    resources: (world, pin) => definition.resources(world, pin),
    handlers,
    ...(mechanisms ? { mechanisms } : {}),
    ...(runtimeFiles ? { runtimeFiles } : {}),
  };
}

/** What the composition roots hand to the build, the server and the catalog, from the registry's list. */
export interface ProviderRegistry {
  /** Every provider, by live prefix. */
  providers: ReadonlyMap<string, Provider>;
  manifests: ReadonlyMap<string, ProviderManifest>;
  /** Each provider's 503 body, for hosts not available: written into dist/_catalog.json by the build. */
  unavailable: Record<string, ErrorDoc>;
  /** Every provider's computed-route handlers, by `<prefix>/<handler>`, for the server. */
  computeHandlers: ReadonlyMap<string, ComputeHandler>;
}

export function providerRegistry(list: readonly Provider[]): ProviderRegistry {
  const providers = new Map(list.map((p) => [p.id, p]));
  return {
    providers,
    manifests: new Map(list.map((p) => [p.id, p.manifest])),
    unavailable: Object.fromEntries(list.map((p) => [p.id, p.manifest.unavailable])),
    computeHandlers: new Map(list.flatMap((p) => [...p.handlers].map(([name, run]) => [`${p.id}/${name}`, run] as const))),
  };
}

/**
 * Registers the pagination mechanisms providers contribute (`<provider>/<name>`) with core. Only a
 * composition root calls it (cli.ts, worker.ts, the test setup), before anything builds or serves a list
 * that pages by one: importing a provider registers nothing.
 */
export function registerMechanisms(providers: Iterable<Provider>): void {
  for (const p of providers) for (const [name, m] of Object.entries(p.mechanisms ?? {})) registerMechanism(`${p.id}/${name}`, m);
}
