import { asJson, type JsonValue, type Resource } from "../../core/provider.js";
import type { HsContext } from "./context.js";
import { cursorPages, type Limit } from "./lists.js";

/**
 * The portal's users (`settings/v3/users`): the company's sales and support staff (each an owner too,
 * with the same user id as `crm/v3/owners` reports) and its admin, the super admin who set the portal up
 * and created the custom ticket property. Engineers have no HubSpot seat. Ordered by user id; paged like
 * every v3 list (`limit` default 100, `after`). `settings/v3/users/{id}`, `settings/v3/users/teams`
 * (Sales and Support with their members) and `settings/v3/users/roles` (none: a Professional portal
 * has no custom roles) are served too. Shapes as HubSpot's published Settings User Provisioning v3
 * description (PublicUser, PublicTeam, PublicPermissionSet).
 */
export const USERS_LIMIT: Limit = { default: 100, sizes: [10, 100] };

export function* userResources(hs: HsContext): Generator<Resource> {
  const teamOf = new Map(hs.teams.map((t) => [t.name, t.id]));
  const users: Array<{ id: number; json: JsonValue }> = hs.world.commerce.staff.map((s) => {
    const id = hs.userId(s.id);
    return {
      id,
      json: asJson({
        id: String(id),
        email: s.email,
        firstName: s.firstName,
        lastName: s.lastName,
        roleIds: [],
        primaryTeamId: teamOf.get(s.team)!,
        secondaryTeamIds: [],
        superAdmin: false,
      }),
    };
  });
  const admin = hs.admin;
  const adminId = hs.userId("admin");
  users.push({
    id: adminId,
    json: asJson({
      id: String(adminId),
      email: admin.email,
      firstName: admin.firstName,
      lastName: admin.lastName,
      roleIds: [],
      secondaryTeamIds: [],
      superAdmin: true,
    }),
  });
  users.sort((a, b) => a.id - b.id);
  yield* cursorPages(
    hs,
    "settings/v3/users",
    users.map((u) => u.json),
    USERS_LIMIT,
  );
  for (const u of users) yield { path: `settings/v3/users/${u.id}`, body: u.json };
  const teams = hs.teams.map((t) => ({
    id: t.id,
    name: t.name,
    userIds: hs.world.commerce.staff
      .filter((s) => s.team === t.name)
      .map((s) => String(hs.userId(s.id)))
      .sort(),
    secondaryUserIds: [],
  }));
  yield { path: "settings/v3/users/teams", body: { results: teams } };
  yield { path: "settings/v3/users/roles", body: { results: [] } };
}
