import { zendeskRefusals } from "./params.js";
import type { JsonValue, PinContext, Resource, ServingProfile } from "../../core/provider.js";
import type { World } from "../../world/types.js";
import {
  auditObjects,
  brandObject,
  countObject,
  groupMembershipObjects,
  organizationMembershipObjects,
  tagObjects,
  ticketFormObject,
} from "./account.js";
import { badRequest, badRequestByReason, forbidden, notFound, unauthenticated } from "./errors.js";
import { ticketFields } from "./fields.js";
import { exportPagings, listProfiles, pagesOf } from "./lists.js";
import { ZdModel } from "./model.js";
import {
  commentObject,
  groupObject,
  metricObject,
  organizationObject,
  ratingObject,
  ticketEvents,
  ticketFieldObject,
  ticketObject,
  userObject,
} from "./objects.js";
import { cursorPagination, zendeskMechanism } from "./paging.js";
import { searchRoutes } from "./search.js";
import { defineProvider } from "../../core/define-provider.js";

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

/**
 * Zendesk Support (`https://{subdomain}.zendesk.com/api/v2/…json`): tickets with their comments and
 * metrics, users (end users, agents, admins), organizations, groups, ticket fields, satisfaction
 * ratings, `users/me`, `search` (computed), and the incremental exports connectors sync with. A live host
 * only. See README.md.
 */
export default defineProvider({
  // What the catalog, the MCP tool and an unavailable host say of it.
  id: "zendesk",
  name: "Zendesk",
  unavailable: { status: 503, body: { error: "ServiceUnavailable", description: "{message}" } },
  snippet:
    'const zendesk = require("node-zendesk");\nconst client = zendesk.createClient({ ' +
    'username: "agent@example.com", token: "any-token", endpointUri: "{{base_url}}/api/v2" });' +
    "\nconst tickets = await client.tickets.list();\nconst page = (await " +
    'client.ticketexport.exportCursor(0, "")).result;',
  computed: searchRoutes,
  // Zendesk's cursor lists, cursor exports and time exports page in ways no core mechanism writes.
  mechanisms: { pages: zendeskMechanism },
  serving(pin: PinContext, _world: World, computed): ServingProfile {
    return {
      provider: "zendesk",
      headers: {
        "x-zendesk-api-version": "v2",
        "x-rate-limit": "700",
        "x-rate-limit-remaining": "699",
        "access-control-expose-headers": "x-zendesk-api-version, x-rate-limit, x-rate-limit-remaining, retry-after",
      },
      query: {
        keep: ["page[size]", "page[after]", "cursor", "per_page"],
        defaults: [
          { param: "page[size]", value: "100" },
          { param: "per_page", value: "1000", path: "^api/v2/incremental/" },
        ],
        anyValue: [],
        clamp: [],
        // Parameters Zendesk honours that this snapshot cannot (params.ts), refused with a 400 naming them.
        refuse: zendeskRefusals(),
      },
      errors: { notFound, methodNotAllowed: forbidden, badRequest, badRequestByReason },
      // Any email/token pair or OAuth token passes: only the shape of the credential is checked.
      auth: { header: "authorization", pattern: "^(Basic|Bearer) \\S", error: unauthenticated },
      lists: listProfiles(pin.origin),
      // Zendesk answers a path with or without `.json` alike.
      aliases: [{ from: "^(api/v2/(?:[^/.]+/)*[^/.]+)$", to: "$1.json" }],
      computed,
    };
  },
  *resources(world: World, pin: PinContext): Generator<Resource> {
    const m = new ZdModel(world);
    const origin = pin.origin;
    const api = "api/v2";
    const cursor = cursorPagination(origin);
    const tickets = [...m.tickets].sort(byId);
    const ticketJson = new Map(tickets.map((t) => [t.id, ticketObject(m, origin, t)]));
    const ticketsOf = (pick: (t: (typeof tickets)[number]) => boolean) => tickets.filter(pick).map((t) => ticketJson.get(t.id)!);

    yield { path: `${api}/users/me.json`, body: { user: userObject(m, origin, m.admin) } };

    yield* pagesOf(cursor, `${api}/tickets.json`, "tickets", [...ticketJson.values()]);
    for (const t of tickets) {
      yield { path: `${api}/tickets/${t.id}.json`, body: { ticket: ticketJson.get(t.id)! } };
      yield* pagesOf(
        cursor,
        `${api}/tickets/${t.id}/comments.json`,
        "comments",
        t.comments.map((c, i) => commentObject(m, t, c, i)),
      );
      yield { path: `${api}/tickets/${t.id}/metrics.json`, body: { ticket_metric: metricObject(m, origin, t) } };
      yield* pagesOf(cursor, `${api}/tickets/${t.id}/audits.json`, "audits", auditObjects(m, t));
    }
    yield { path: `${api}/tickets/count.json`, body: countObject(m, tickets.length) };
    yield* pagesOf(cursor, `${api}/tickets/show_many.json`, "tickets", [...ticketJson.values()]);
    const metrics = tickets.map((t) => metricObject(m, origin, t)).sort((a, b) => (a.id as number) - (b.id as number));
    yield* pagesOf(cursor, `${api}/ticket_metrics.json`, "ticket_metrics", metrics);
    for (const metric of metrics) yield { path: `${api}/ticket_metrics/${metric.id}.json`, body: { ticket_metric: metric } };

    const users = [...m.users].sort(byId);
    const userJson = new Map(users.map((u) => [u.id, userObject(m, origin, u)]));
    yield* pagesOf(cursor, `${api}/users.json`, "users", [...userJson.values()]);
    for (const u of users) {
      yield { path: `${api}/users/${u.id}.json`, body: { user: userJson.get(u.id)! } };
      if (u.role === "end-user")
        yield* pagesOf(
          cursor,
          `${api}/users/${u.id}/tickets/requested.json`,
          "tickets",
          ticketsOf((t) => t.ticket.contactId === u.id),
        );
      else
        yield* pagesOf(
          cursor,
          `${api}/users/${u.id}/tickets/assigned.json`,
          "tickets",
          ticketsOf((t) => t.ticket.ownerId === u.id),
        );
    }

    yield { path: `${api}/users/count.json`, body: countObject(m, users.length) };
    yield* pagesOf(cursor, `${api}/users/search.json`, "users", [...userJson.values()]);
    yield* pagesOf(cursor, `${api}/users/show_many.json`, "users", [...userJson.values()]);

    const orgs = [...m.organizations].sort(byId);
    const orgJson = orgs.map((c) => organizationObject(origin, c));
    yield* pagesOf(cursor, `${api}/organizations.json`, "organizations", orgJson);
    for (const [i, c] of orgs.entries()) {
      yield { path: `${api}/organizations/${c.id}.json`, body: { organization: orgJson[i]! } };
      yield* pagesOf(
        cursor,
        `${api}/organizations/${c.id}/tickets.json`,
        "tickets",
        ticketsOf((t) => t.ticket.companyId === c.id),
      );
      yield* pagesOf(
        cursor,
        `${api}/organizations/${c.id}/users.json`,
        "users",
        users.filter((u) => u.organizationId === c.id).map((u) => userJson.get(u.id)!),
      );
    }

    yield { path: `${api}/organizations/count.json`, body: countObject(m, orgs.length) };
    yield* pagesOf(cursor, `${api}/organizations/search.json`, "organizations", orgJson);
    yield* pagesOf(cursor, `${api}/organizations/show_many.json`, "organizations", orgJson);
    const orgMemberships = organizationMembershipObjects(m, origin);
    yield* pagesOf(cursor, `${api}/organization_memberships.json`, "organization_memberships", orgMemberships);
    for (const om of orgMemberships) yield { path: `${api}/organization_memberships/${om.id}.json`, body: { organization_membership: om } };

    const groups = [...m.groups].sort(byId);
    yield* pagesOf(
      cursor,
      `${api}/groups.json`,
      "groups",
      groups.map((g) => groupObject(origin, g)),
    );
    for (const g of groups) {
      yield { path: `${api}/groups/${g.id}.json`, body: { group: groupObject(origin, g) } };
      yield* pagesOf(
        cursor,
        `${api}/groups/${g.id}/users.json`,
        "users",
        [...g.memberIds].sort((a, b) => a - b).map((id) => userJson.get(id)!),
      );
    }

    const groupMemberships = groupMembershipObjects(m, origin);
    yield* pagesOf(cursor, `${api}/group_memberships.json`, "group_memberships", groupMemberships);
    for (const gm of groupMemberships) yield { path: `${api}/group_memberships/${gm.id}.json`, body: { group_membership: gm } };

    const brand = brandObject(m, origin);
    yield* pagesOf(cursor, `${api}/brands.json`, "brands", [brand]);
    yield { path: `${api}/brands/${brand.id}.json`, body: { brand } };
    const form = ticketFormObject(m, origin);
    yield* pagesOf(cursor, `${api}/ticket_forms.json`, "ticket_forms", [form]);
    yield { path: `${api}/ticket_forms/${form.id}.json`, body: { ticket_form: form } };
    yield* pagesOf(cursor, `${api}/tags.json`, "tags", tagObjects(m));

    const fields = ticketFields(m).map((f) => ticketFieldObject(origin, f));
    yield* pagesOf(cursor, `${api}/ticket_fields.json`, "ticket_fields", fields);
    for (const f of fields) yield { path: `${api}/ticket_fields/${f.id}.json`, body: { ticket_field: f } };

    const ratings = tickets
      .filter((t) => t.rating)
      .sort((a, b) => a.rating!.id - b.rating!.id)
      .map((t) => ratingObject(origin, t));
    yield* pagesOf(cursor, `${api}/satisfaction_ratings.json`, "satisfaction_ratings", ratings);
    for (const r of ratings) yield { path: `${api}/satisfaction_ratings/${r.id}.json`, body: { satisfaction_rating: r } };

    // The exports, oldest change first: tickets by their generated second, users and organizations by update.
    const exported = [...tickets]
      .sort((a, b) => m.generated(a) - m.generated(b))
      .map((t) => ticketObject(m, origin, t, { generated: true }));
    const byUpdate = (a: JsonValue, b: JsonValue) => {
      const x = a as { updated_at: string; id: number },
        y = b as { updated_at: string; id: number };
      return x.updated_at < y.updated_at ? -1 : x.updated_at > y.updated_at ? 1 : x.id - y.id;
    };
    const usersByUpdate = [...userJson.values()].sort(byUpdate);
    const x = exportPagings(origin);
    yield* pagesOf(x.ticketsCursor, `${api}/incremental/tickets/cursor.json`, "tickets", exported);
    yield* pagesOf(x.usersCursor, `${api}/incremental/users/cursor.json`, "users", usersByUpdate);
    yield* pagesOf(x.ticketsTime, `${api}/incremental/tickets.json`, "tickets", exported);
    yield* pagesOf(x.usersTime, `${api}/incremental/users.json`, "users", usersByUpdate);
    yield* pagesOf(x.organizationsTime, `${api}/incremental/organizations.json`, "organizations", [...orgJson].sort(byUpdate));
    // Ticket events by time; a second shared by two events is bumped forward so that each has its own.
    const events = tickets
      .flatMap((t) => ticketEvents(m, t))
      .sort((a, b) => (a.timestamp as number) - (b.timestamp as number) || (a.id as number) - (b.id as number));
    let last = 0;
    for (const e of events) last = e.timestamp = Math.max(e.timestamp as number, last + 1);
    yield* pagesOf(x.ticketEventsTime, `${api}/incremental/ticket_events.json`, "ticket_events", events);
  },
});
