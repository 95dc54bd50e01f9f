import type { World } from "../../../generator/world/types.js";
import { liveWorld } from "../../support/live-hosts.js";

export { liveWorld };

/** Someone in the tenant's directory, from the world: its people and its commerce staff, as of the build. */
export interface DirectoryEntry {
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string;
  department: string;
  joinedAt: number;
  personId?: number;
}

export function directory(world: World): DirectoryEntry[] {
  const people = world.people
    .filter((p) => p.joinedAt <= world.asOf)
    .map((p) => ({
      name: p.name,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      jobTitle: p.role,
      department: world.teams.find((t) => t.id === p.teamId)!.name,
      joinedAt: p.joinedAt,
      personId: p.id,
    }));
  const staff = world.commerce.staff
    .filter((s) => s.joinedAt <= world.asOf)
    .map((s) => ({
      name: s.name,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      jobTitle: s.role,
      department: s.team,
      joinedAt: s.joinedAt,
    }));
  return [...people, ...staff];
}

/** The email of a person's manager: the team lead, or for a lead the first administrator (who has none). */
export function managerEmail(world: World, personId: number): string | undefined {
  const p = world.people[personId - 1]!;
  const team = world.teams.find((t) => t.id === p.teamId)!;
  const admin = world.people.find((x) => x.admin)!;
  if (team.leadId !== p.id) return world.people[team.leadId - 1]!.email;
  return p.id === admin.id ? undefined : admin.email;
}
