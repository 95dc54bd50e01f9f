import { asJson, type JsonValue, type Resource } from "../../core/provider.js";
import type { StaffMember } from "../../world/types.js";
import type { HsContext } from "./context.js";
import { OWNERS_LIMIT, cursorPages } from "./lists.js";

/**
 * Owners: the company's sales and support staff (ids from 1001, the world's), each a HubSpot user with a
 * user id of their own and one team, Sales or Support. Engineers are not owners. Ordered by id.
 * Served: `crm/v3/owners` (paged; `email=` for each owner), `crm/v3/owners/{id}` and by user id
 * (`?idProperty=userId`).
 */
export function ownerJson(hs: HsContext, s: StaffMember): JsonValue {
  const userId = hs.userId(s.id);
  const team = hs.teams.find((t) => t.name === s.team)!;
  return asJson({
    id: String(s.id),
    email: s.email,
    type: "PERSON",
    firstName: s.firstName,
    lastName: s.lastName,
    userId,
    userIdIncludingInactive: userId,
    createdAt: hs.iso(s.joinedAt),
    updatedAt: hs.iso(s.joinedAt),
    archived: false,
    teams: [{ id: team.id, name: team.name, primary: true }],
  });
}

export function* ownerResources(hs: HsContext): Generator<Resource> {
  const staff = [...hs.world.commerce.staff].sort((a, b) => a.id - b.id);
  const owners = staff.map((s) => ownerJson(hs, s));
  yield* cursorPages(hs, "crm/v3/owners", owners, OWNERS_LIMIT);
  // No owner has been deactivated.
  yield* cursorPages(hs, "crm/v3/owners", [], OWNERS_LIMIT, [["archived", "true"]]);
  for (const [i, s] of staff.entries()) {
    yield { path: "crm/v3/owners", query: { email: s.email }, body: { results: [owners[i]!] } };
    yield { path: `crm/v3/owners/${s.id}`, body: owners[i]! };
    yield { path: `crm/v3/owners/${hs.userId(s.id)}`, query: { idProperty: "userId" }, body: owners[i]! };
  }
}
