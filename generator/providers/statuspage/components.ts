import type { JsonObject, JsonValue } from "../../core/provider.js";
import { type SpComponent, type SpContext, type SpGroup, date, time, worst } from "./context.js";

/** A component (v1 `Component`), in the published description's key order. */
export function componentBody(sp: SpContext, c: SpComponent): JsonObject {
  return {
    id: c.id,
    page_id: sp.pageId,
    group_id: c.groupId,
    created_at: time(c.createdAt),
    updated_at: time(c.updatedAt),
    group: false,
    name: c.service.name,
    description: c.service.description,
    position: c.position,
    status: c.status,
    showcase: true,
    only_show_if_degraded: false,
    automation_email: `component+${c.id}@notifications.statuspage.io`,
    start_date: date(c.createdAt),
  };
}

/** The worst status of a group's components: what the page shows on its row. */
export function groupStatus(g: SpGroup): string {
  return worst(g.components.map((c) => c.status));
}

/**
 * A component group as the components list shows it: a component with `group: true` and the ids of its
 * components (v1 and the Status API list groups beside their members).
 */
export function groupAsComponent(sp: SpContext, g: SpGroup): JsonObject {
  return {
    id: g.id,
    page_id: sp.pageId,
    group_id: null,
    created_at: time(g.createdAt),
    updated_at: time(g.updatedAt),
    group: true,
    name: g.team.name,
    description: null,
    position: g.position,
    status: groupStatus(g),
    showcase: false,
    only_show_if_degraded: false,
    automation_email: `component+${g.id}@notifications.statuspage.io`,
    start_date: null,
    components: g.components.map((c) => c.id),
  };
}

/** A component group (v1 `GroupComponent`), one per owning team. */
export function groupBody(sp: SpContext, g: SpGroup): JsonObject {
  return {
    id: g.id,
    page_id: sp.pageId,
    name: g.team.name,
    description: `Services of the ${g.team.name} team.`,
    components: g.components.map((c) => c.id),
    position: g.position,
    created_at: time(g.createdAt),
    updated_at: time(g.updatedAt),
  };
}

/** The page's components list: each group, then its components, by position. */
export function componentList(sp: SpContext): JsonValue[] {
  return sp.groups.flatMap((g) => [groupAsComponent(sp, g), ...g.components.map((c) => componentBody(sp, c))]);
}
