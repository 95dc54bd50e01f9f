import type { PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import { componentBody, componentList, groupAsComponent, groupBody } from "./components.js";
import { SpContext } from "./context.js";
import { badRequest, methodNotAllowed, notFound, unauthenticated } from "./errors.js";
import { incidentBody, postmortemBody, views } from "./incidents.js";
import { PAGE_SIZE, listProfiles, pagesOf, paging } from "./lists.js";
import { metricResources } from "./metrics.js";
import { pageBody } from "./page.js";
import { statusApiResources } from "./status-api.js";
import { subscriberCountResources } from "./subscribers.js";
import { templateList } from "./templates.js";
import { uptimeRoutes } from "./uptime.js";
import { defineProvider } from "../../core/define-provider.js";

/**
 * Atlassian Statuspage: the REST API v1 (`https://api.statuspage.io/v1/…`) for the company's one page,
 * and the page's public Status API v2 (`/api/v2/…`) on the same host. A live host only. See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "statuspage",
  name: "Statuspage",
  // Statuspage's error body is `{"message": …}` (its published ErrorEntity).
  unavailable: { status: 503, body: { message: "{message}" } },
  snippet:
    'const host = "{{base_url}}";\nconst headers = { Authorization: "OAuth any-api-key" };' +
    "\nconst [page] = await (await fetch(`${host}/v1/pages`, { headers })).json();\nconst " +
    "incidents = await (await fetch(`${host}/v1/pages/${page.id}/incidents?limit=100&page=1`, " +
    "{ headers })).json();",
  computed: uptimeRoutes,
  serving(pin: PinContext, _world: World, computed): ServingProfile {
    return {
      provider: "statuspage",
      headers: {},
      query: {
        keep: ["page", "per_page", "limit", "q", "type", "state"],
        defaults: [
          { param: "page", value: "1" },
          { param: "per_page", value: String(PAGE_SIZE) },
          { param: "limit", value: String(PAGE_SIZE) },
          { param: "state", value: "active", path: "subscribers/count$" },
        ],
        anyValue: [],
        clamp: [],
      },
      errors: { notFound, methodNotAllowed, badRequest },
      // `Authorization: OAuth <key>` as the docs show it (any key passes: the host is not a secret); a
      // Bearer token is taken too.
      // The manage API takes the key as a header or `?api_key=`; the page's Status API v2 is public.
      auth: {
        header: "authorization",
        pattern: "^(OAuth|Bearer) \\S",
        error: unauthenticated,
        alternatives: [{ query: "api_key", pattern: "\\S" }],
        except: "^api/v2/",
      },
      pagination: paging(pin.origin, "per_page"),
      lists: listProfiles(pin.origin),
      // The docs spell every v1 path with `.json` too (`/v1/pages/asdf123/incidents.json`).
      aliases: [{ from: "^(v1/.+)\\.json$", to: "$1" }],
      // Uptime over any range of days is computed from the served incidents.
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const sp = new SpContext(world, pin);
    const base = `v1/pages/${sp.pageId}`;
    const page = pageBody(sp);
    yield { path: "v1/pages", body: [page] };
    yield { path: base, body: page };

    yield* pagesOf(pin.origin, `${base}/components`, componentList(sp));
    for (const g of sp.groups) {
      yield { path: `${base}/components/${g.id}`, body: groupAsComponent(sp, g) };
      for (const c of g.components) yield { path: `${base}/components/${c.id}`, body: componentBody(sp, c) };
    }
    yield* pagesOf(
      pin.origin,
      `${base}/component-groups`,
      sp.groups.map((g) => groupBody(sp, g)),
    );
    for (const g of sp.groups) yield { path: `${base}/component-groups/${g.id}`, body: groupBody(sp, g) };

    const bodies = new Map(sp.incidents.map((i) => [i.id, incidentBody(sp, i)]));
    yield* pagesOf(
      pin.origin,
      `${base}/incidents`,
      sp.incidents.map((i) => bodies.get(i.id)!),
      "limit",
    );
    for (const [view, items] of Object.entries(views(sp)))
      yield* pagesOf(
        pin.origin,
        `${base}/incidents/${view}`,
        items.map((i) => bodies.get(i.id)!),
      );
    for (const i of sp.incidents) {
      yield { path: `${base}/incidents/${i.id}`, body: bodies.get(i.id)! };
      const pm = postmortemBody(sp, i);
      if (pm) yield { path: `${base}/incidents/${i.id}/postmortem`, body: pm };
    }
    yield* pagesOf(pin.origin, `${base}/incident_templates`, templateList(sp));
    yield* subscriberCountResources(sp, `${base}/subscribers/count`);
    yield* metricResources(sp, base);
    yield* statusApiResources(sp);
  },
});
