import type { PinContext } from "../../core/provider.js";
import { DAY } from "../../world/clock.js";
import type { Person, StaffMember, Team, World } from "../../world/types.js";
import { TIME_ZONES } from "../../world/vocabulary.js";
import { keyedHexOf, slackId } from "./ids.js";

/**
 * The company's Slack workspace as the world has it.
 *
 * - Members are the world's people (engineering) and its staff (sales and support), with the names,
 *   emails and time zones the world gives them, and the Slack handle of `Person.handles.slack`; the
 *   engineering admins are workspace admins, the first of them its primary owner. Two app bots post the
 *   world's events: Deploybot (deployments, releases) and PagerDuty (incidents).
 * - Channels: `#general` (everyone), one per team named by its slug (its members), `#deploys`,
 *   `#incidents`, `#releases` and `#support-escalations`.
 */
export interface SlackBot {
  id: string;
  appId: string;
  userId: string;
  name: string;
  handle: string;
  created: number;
}

export interface SlackUser {
  id: string;
  handle: string;
  realName: string;
  firstName: string;
  lastName: string;
  email: string | undefined;
  title: string;
  timeZone: string;
  utcOffsetMinutes: number;
  isAdmin: boolean;
  isOwner: boolean;
  isPrimaryOwner: boolean;
  created: number;
  person?: Person;
  staff?: StaffMember;
  bot?: SlackBot;
}

export interface SlackChannel {
  id: string;
  name: string;
  created: number;
  creator: string;
  memberIds: string[];
  topic: string;
  purpose: string;
  isGeneral: boolean;
  team?: Team;
}

/** The workspace's team id, keyed by the seed alone (the serving profile's refusal of another team needs it too). */
export const teamIdOf = (seed: string): string => slackId("T", seed, "team");

export class SlackWorkspace {
  readonly seed: string;
  readonly teamId: string;
  readonly name: string;
  readonly domain: string;
  readonly created: number;
  readonly users: SlackUser[];
  readonly bots: SlackBot[];
  readonly deploybot: SlackBot;
  readonly pagerduty: SlackBot;
  readonly channels: SlackChannel[];
  private readonly byPerson = new Map<number, SlackUser>();

  constructor(
    readonly world: World,
    readonly pin: PinContext,
  ) {
    this.seed = world.generation.seed;
    this.teamId = teamIdOf(this.seed);
    this.name = world.company.name;
    this.domain = world.company.slug;
    this.created = Math.min(world.company.foundedAt, world.start - 30 * DAY);
    const admins = world.people.filter((p) => p.admin);
    const owner = admins[0] ?? world.people[0]!;

    const people = world.people.map((p): SlackUser => ({
      id: slackId("U", this.seed, `person/${p.id}`),
      handle: p.handles.slack,
      realName: p.name,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      title: p.role,
      timeZone: p.timeZone,
      utcOffsetMinutes: p.utcOffsetMinutes,
      isAdmin: p.admin,
      isOwner: p.id === owner.id,
      isPrimaryOwner: p.id === owner.id,
      created: Math.max(this.created, p.joinedAt),
      person: p,
    }));
    for (const u of people) this.byPerson.set(u.person!.id, u);
    const staff = world.commerce.staff.map((s): SlackUser => ({
      id: slackId("U", this.seed, `staff/${s.id}`),
      handle: s.email.split("@")[0]!,
      realName: s.name,
      firstName: s.firstName,
      lastName: s.lastName,
      email: s.email,
      title: s.role,
      timeZone: s.timeZone,
      utcOffsetMinutes: zoneOffset(s.timeZone),
      isAdmin: false,
      isOwner: false,
      isPrimaryOwner: false,
      created: Math.max(this.created, s.joinedAt),
      staff: s,
    }));
    for (const u of staff) this.byPerson.set(u.staff!.id, u);
    const bot = (handle: string, name: string, created: number): SlackBot => ({
      id: slackId("B", this.seed, `bot/${handle}`),
      appId: slackId("A", this.seed, `app/${handle}`),
      userId: slackId("U", this.seed, `bot-user/${handle}`),
      name,
      handle,
      created,
    });
    this.deploybot = bot("deploybot", "Deploybot", this.created + DAY);
    this.pagerduty = bot("pagerduty", "PagerDuty", this.created + 2 * DAY);
    this.bots = [this.deploybot, this.pagerduty];
    const bots = this.bots.map((b): SlackUser => ({
      id: b.userId,
      handle: b.handle,
      realName: b.name,
      firstName: b.name,
      lastName: "",
      email: undefined,
      title: "",
      timeZone: "America/Los_Angeles",
      utcOffsetMinutes: -420,
      isAdmin: false,
      isOwner: false,
      isPrimaryOwner: false,
      created: b.created,
      bot: b,
    }));
    // Slack lists members in the order they joined the workspace; ties by id.
    this.users = [...people, ...staff, ...bots].sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));

    const ownerId = this.byPerson.get(owner.id)!.id;
    const everyone = this.users.filter((u) => !u.bot).map((u) => u.id);
    const engineers = people.map((u) => u.id);
    const support = staff.filter((u) => u.staff!.team === "Support").map((u) => u.id);
    const leads = world.teams.map((t) => this.byPerson.get(t.leadId)!.id);
    const channel = (
      name: string,
      created: number,
      creator: string,
      members: string[],
      topic: string,
      purpose: string,
      extra: Partial<SlackChannel> = {},
    ): SlackChannel => ({
      id: slackId("C", this.seed, `channel/${name}`),
      name,
      created,
      creator,
      memberIds: [...new Set(members)].sort(),
      topic,
      purpose,
      isGeneral: false,
      ...extra,
    });
    this.channels = [
      channel(
        "general",
        this.created,
        ownerId,
        everyone,
        "Company-wide announcements",
        "This is the one channel that will always include everyone. It's a great spot for announcements and team-wide conversations.",
        { isGeneral: true },
      ),
      ...world.teams.map((t) =>
        channel(
          t.slug,
          Math.max(this.created, t.createdAt),
          this.byPerson.get(t.leadId)!.id,
          t.memberIds.map((id) => this.byPerson.get(id)!.id),
          `${t.name} team (${t.key})`,
          t.description,
          { team: t },
        ),
      ),
      channel(
        "deploys",
        this.created + DAY,
        ownerId,
        [...engineers, this.deploybot.userId],
        "Deployments to staging and production",
        "Deploybot posts every deployment here, with its status in the thread.",
      ),
      channel(
        "incidents",
        this.created + 2 * DAY,
        ownerId,
        [...engineers, this.pagerduty.userId],
        "Open incidents: follow the thread",
        "PagerDuty opens a thread per incident; notes from the responders go in it.",
      ),
      channel(
        "releases",
        this.created + DAY,
        ownerId,
        [...everyone, this.deploybot.userId],
        "Release notes",
        "Every published release, with its notes.",
      ),
      channel(
        "support-escalations",
        this.created + 3 * DAY,
        support[0] ?? ownerId,
        [...support, ...leads],
        "Tickets escalated to engineering",
        "Support escalates customer tickets here once they are filed as bugs.",
      ),
    ].sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : 1));
  }

  /** The Slack user of a world person or staff member (ids 1001 and up are staff). */
  userOf(personOrStaffId: number): SlackUser {
    const u = this.byPerson.get(personOrStaffId);
    if (!u) throw new Error(`no Slack user for ${personOrStaffId}`);
    return u;
  }

  channelNamed(name: string): SlackChannel {
    const c = this.channels.find((x) => x.name === name);
    if (!c) throw new Error(`no channel #${name}`);
    return c;
  }

  userById(id: string): SlackUser | undefined {
    return this.users.find((u) => u.id === id);
  }

  avatarHash(u: SlackUser): string {
    return keyedHexOf(this.seed, `avatar/${u.id}`, 12);
  }

  /** Whose token every request is read with: the primary owner's (a user token, as search.messages requires). */
  get caller(): SlackUser {
    return this.users.find((u) => u.isPrimaryOwner)!;
  }

  /** The workspace's address, as `url` in auth.test and team.info. */
  get url(): string {
    return `https://${this.domain}.slack.com/`;
  }
}

/** The offset of one of the world's zones, in minutes (staff carry only the zone's name). */
function zoneOffset(zone: string): number {
  const hit = TIME_ZONES.find(([name]) => name === zone);
  return hit ? hit[1] * 60 : 0;
}
