import { DAY } from "../clock.js";
import type { WorldInput } from "../input.js";
import type { Company, Person, Team } from "./types.js";
import { COMPANIES, FIRST_NAMES, LAST_NAMES, ROLES, TEAMS, TIME_ZONES } from "../vocabulary.js";
import { slugify } from "../ids.js";

export interface OrgShape {
  teams: Team[];
  people: Person[];
}

/**
 * Teams and the people in them. Each team and each seat draws from its own keyed stream, so growing
 * the scale adds teams and seats without changing the existing ones.
 */
export function buildOrg(c: Pick<WorldInput, "rng" | "scale" | "start" | "company">): OrgShape {
  const { rng, scale, start } = c;
  const domain = c.company.domain;
  const teamCount = Math.min(TEAMS.length, Math.max(2, Math.round(4 + 2 * scale)));
  const teamOrder = rng("org/teams")
    .shuffle(TEAMS.map((_, i) => i))
    .slice(0, teamCount)
    .sort((a, b) => a - b);
  const teams: Team[] = [];
  const people: Person[] = [];
  const usedNames = new Set<string>();
  const usedHandles = new Set<string>();

  for (const [teamIndex, vocabIndex] of teamOrder.entries()) {
    const [name, key] = TEAMS[vocabIndex]!;
    const r = rng(`team/${key}`);
    const teamId = teamIndex + 1;
    const size = Math.round(r.int(4, 7) * Math.min(2, Math.max(1, scale)));
    const memberIds: number[] = [];
    for (let seat = 0; seat < size; seat++) {
      const p = rng(`team/${key}/seat/${seat}`);
      let first = p.pick(FIRST_NAMES) as string;
      let last = p.pick(LAST_NAMES) as string;
      while (usedNames.has(`${first} ${last}`)) {
        first = p.pick(FIRST_NAMES);
        last = p.pick(LAST_NAMES);
      }
      usedNames.add(`${first} ${last}`);
      const [timeZone, offsetHours] = p.pick(TIME_ZONES);
      const id = people.length + 1;
      let handle = slugify(`${first[0]}${last}`);
      if (usedHandles.has(handle)) handle = slugify(`${first}-${last}`);
      usedHandles.add(handle);
      // A few people picked a different handle on GitHub, as people do.
      const github = p.chance(0.25) ? slugify(`${first}${last}${p.int(1, 99)}`) : handle;
      const role = seat === 0 ? "Engineering Manager" : (p.weighted(ROLES as unknown as Array<[string, number]>) as string);
      people.push({
        id,
        firstName: first,
        lastName: last,
        name: `${first} ${last}`,
        email: `${slugify(first)}.${slugify(last)}@${domain}`,
        handles: { github, gitlab: handle, bitbucket: handle, atlassian: handle, slack: slugify(first) + "." + slugify(last) },
        timeZone,
        utcOffsetMinutes: Math.round(offsetHours * 60),
        role,
        teamId,
        joinedAt: start - p.int(30, 1500) * DAY - p.int(0, 86_399) * 1000,
        admin: seat === 0 && teamIndex === 0,
      });
      memberIds.push(id);
    }
    teams.push({
      id: teamId,
      name,
      slug: slugify(name),
      key,
      memberIds,
      leadId: memberIds[0]!,
      description: `The ${name} team builds and runs ${TEAMS[vocabIndex]![2].slice(0, 2).join(" and ")}.`,
      createdAt: Math.min(...memberIds.map((m) => people[m - 1]!.joinedAt)),
    });
  }
  return { teams, people };
}

/** The company: its name and domain from the vocabulary, founded years before the generation's start. */
export function buildCompany(c: Pick<WorldInput, "rng" | "start">): Company {
  const [name, slug, domain] = c.rng("company").pick(COMPANIES);
  return { name, slug, domain, foundedAt: c.start - c.rng("company/founded").int(900, 2000) * DAY };
}
