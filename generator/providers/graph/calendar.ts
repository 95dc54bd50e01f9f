import { createHash } from "node:crypto";
import type { JsonObject, Resource } from "../../core/provider.js";
import { DAY, HOUR, MINUTE, isoSeconds, startOfDay, weekday } from "../../world/clock.js";
import type { Incident, Sprint, Team } from "../../world/types.js";
import { type GraphContext, type GraphGroup, type GraphUser, V, cmp } from "./context.js";
import { OUTLOOK_TOP, collectionPages, graphPagination } from "./lists.js";

/**
 * Calendars: every user's default calendar holds the meetings they organize or attend, and each team's
 * group calendar holds its team's meetings.
 *
 * - Sprint ceremonies (world.sprints, for each team): planning on the sprint's first weekday, a
 *   15-minute stand-up on every weekday between, review and retrospective on its last weekday, at fixed
 *   local hours of the team lead, who organizes them. Attendees are the team's members who had joined
 *   when the meeting was scheduled (a week before the sprint).
 * - Incident reviews: for each incident with a postmortem (world.operations.incidents), a meeting the
 *   postmortem's author schedules an hour after writing it, held two weekdays later; attendees are the
 *   incident team's members and whoever handled the incident.
 * - Nothing is scheduled after as-of (a meeting may lie in the future, its invitation may not).
 * - As in Exchange, each mailbox has its own copy with its own id; the copies share the `iCalUId`.
 */
export interface Meeting {
  key: string;
  subject: string;
  body: string;
  start: number;
  end: number;
  createdAt: number;
  organizer: GraphUser;
  attendees: GraphUser[];
  team: Team;
  category: string;
}

/** `10:00` in someone's local time on a UTC day, as a UTC instant. */
function localTime(u: GraphUser, day: number, hour: number, minute = 0): number {
  return day + hour * HOUR + minute * MINUTE - u.utcOffsetMinutes * MINUTE;
}

function weekdaysOf(s: Sprint): number[] {
  const out: number[] = [];
  for (let d = startOfDay(s.startAt); d <= s.endAt; d += DAY) if (weekday(d) >= 1 && weekday(d) <= 5) out.push(d);
  return out;
}

export function meetings(c: GraphContext): Meeting[] {
  const out: Meeting[] = [];
  for (const team of c.world.teams) {
    const lead = c.userOfPerson(team.leadId);
    const members = c.users.filter((u) => u.team?.id === team.id);
    const organizer = lead ?? members[0];
    if (!organizer) continue;
    for (const sprint of c.world.sprints) {
      const days = weekdaysOf(sprint);
      if (days.length < 2) continue;
      const h = c.hex(`sprint/${team.slug}/${sprint.number}/scheduled`);
      const createdAt =
        startOfDay(sprint.startAt) -
        7 * DAY +
        (9 + (Number.parseInt(h.slice(0, 2), 16) % 8)) * HOUR +
        (Number.parseInt(h.slice(2, 4), 16) % 60) * MINUTE;
      if (createdAt > c.asOf) continue;
      const attendees = members.filter((u) => u !== organizer && u.createdAt <= createdAt);
      const meet = (kind: string, subject: string, body: string, day: number, hour: number, minute: number, minutes: number) => {
        const start = localTime(organizer, day, hour, minute);
        out.push({
          key: `sprint/${team.slug}/${sprint.number}/${kind}`,
          subject,
          body,
          start,
          end: start + minutes * MINUTE,
          createdAt,
          organizer,
          attendees,
          team,
          category: "Sprint",
        });
      };
      const name = `${team.name} ${sprint.name}`;
      meet(
        "planning",
        `${name} planning`,
        `Planning for ${sprint.name} of the ${team.name} team (${team.key}): agree the sprint goal and pull the top of the backlog.`,
        days[0]!,
        10,
        0,
        90,
      );
      for (const [i, day] of days.slice(1, -1).entries()) {
        meet(
          `standup/${i + 1}`,
          `${team.name} daily stand-up`,
          `Daily stand-up of the ${team.name} team, ${sprint.name}: yesterday, today, blockers.`,
          day,
          9,
          45,
          15,
        );
      }
      meet("review", `${name} review`, `Demo of what the ${team.name} team finished in ${sprint.name}.`, days.at(-1)!, 14, 0, 60);
      meet("retro", `${name} retrospective`, `What went well and what to change after ${sprint.name}.`, days.at(-1)!, 15, 30, 60);
    }
  }
  for (const incident of c.world.operations.incidents) {
    const review = incidentReview(c, incident);
    if (review) out.push(review);
  }
  return out.sort((a, b) => a.start - b.start || cmp(a.key, b.key));
}

function incidentReview(c: GraphContext, incident: Incident): Meeting | undefined {
  const pm = incident.postmortem;
  if (!pm) return undefined;
  const organizer = c.userOfPerson(pm.authorId);
  const createdAt = pm.at + HOUR;
  if (!organizer || createdAt > c.asOf) return undefined;
  let day = startOfDay(pm.at);
  for (let n = 0; n < 2;) {
    day += DAY;
    if (weekday(day) >= 1 && weekday(day) <= 5) n++;
  }
  const team = c.team(incident.teamId);
  const handlers = [incident.assigneeId, incident.acknowledgedById, incident.resolvedById].filter((id): id is number => id !== undefined);
  const attendees = c.users.filter(
    (u) =>
      u !== organizer &&
      u.createdAt <= createdAt &&
      (u.team?.id === team.id || (u.personId !== undefined && handlers.includes(u.personId))),
  );
  const start = localTime(organizer, day, 15, 0);
  const keys = pm.workItemKeys.join(", ");
  return {
    key: `incident/${incident.id}/review`,
    subject: `Incident review: #${incident.number} ${incident.title}`,
    body: `Postmortem review of incident #${incident.number} (${incident.priority}, ${team.name}). The fix cites ${keys}.`,
    start,
    end: start + 45 * MINUTE,
    createdAt,
    organizer,
    attendees,
    team,
    category: "Incident review",
  };
}

/** Exchange ids: `AAMkA` and base64url, with its padding; each mailbox's copy of a meeting has its own. */
export function itemId(c: GraphContext, path: string): string {
  return `AAMkA${createHash("sha512").update(`${c.seed}\u0000graph\u0000item/${path}`).digest("base64url").slice(0, 82)}AAA=`;
}

/** Outlook's times: seven fractional digits, no zone letter (the zone is beside it). */
export function outlookTime(ms: number): string {
  return `${isoSeconds(ms).slice(0, -1)}.0000000`;
}

const stamp = (ms: number) => `${isoSeconds(ms).slice(0, -1)}.0000000Z`;

function response(c: GraphContext, m: Meeting, u: GraphUser): { response: string; time: string } {
  if (u === m.organizer) return { response: "organizer", time: "0001-01-01T00:00:00Z" };
  const h = Number.parseInt(c.hex(`response/${m.key}/${u.key}`, 4), 16);
  const answer = h % 20 === 0 ? "none" : h % 20 < 3 ? "tentativelyAccepted" : h % 20 === 3 ? "declined" : "accepted";
  const at = m.createdAt + (5 + (h % 240)) * MINUTE;
  // An answer not given by as-of is not there yet: the invitee has not responded.
  return answer === "none" || at > c.asOf ? { response: "none", time: "0001-01-01T00:00:00Z" } : { response: answer, time: stamp(at) };
}

const address = (u: GraphUser) => ({ name: u.name, address: u.email });

/** One mailbox's copy of a meeting (`owner` is the mailbox: a user, or a team's group). */
export function event(c: GraphContext, m: Meeting, owner: { key: string; user?: GraphUser }): JsonObject {
  const changeKey = Buffer.from(c.hex(`change/${m.key}`, 32), "hex").toString("base64");
  const id = itemId(c, `${owner.key}/${m.key}`);
  const meetingId = c.hex(`meeting/${m.key}`, 32);
  const preview = m.body;
  return {
    "@odata.etag": `W/"${changeKey}"`,
    id,
    createdDateTime: stamp(m.createdAt),
    lastModifiedDateTime: stamp(m.createdAt),
    changeKey,
    categories: [m.category],
    transactionId: null,
    originalStartTimeZone: "UTC",
    originalEndTimeZone: "UTC",
    iCalUId: `040000008200E00074C5B7101A82E00800000000${c.hex(`ical/${m.key}`, 72).toUpperCase()}`,
    reminderMinutesBeforeStart: 15,
    isReminderOn: true,
    hasAttachments: false,
    subject: m.subject,
    bodyPreview: preview,
    importance: "normal",
    sensitivity: "normal",
    isAllDay: false,
    isCancelled: false,
    isOrganizer: owner.user === m.organizer,
    responseRequested: true,
    seriesMasterId: null,
    showAs: "busy",
    type: "singleInstance",
    webLink: `https://outlook.office365.com/owa/?itemid=${encodeURIComponent(id)}&exvsurl=1&path=/calendar/item`,
    onlineMeetingUrl: null,
    isOnlineMeeting: true,
    onlineMeetingProvider: "teamsForBusiness",
    allowNewTimeProposals: true,
    isDraft: false,
    hideAttendees: false,
    responseStatus: owner.user ? response(c, m, owner.user) : { response: "none", time: "0001-01-01T00:00:00Z" },
    body: { contentType: "html", content: `<html><body><p>${m.body}</p></body></html>` },
    start: { dateTime: outlookTime(m.start), timeZone: "UTC" },
    end: { dateTime: outlookTime(m.end), timeZone: "UTC" },
    location: { displayName: "Microsoft Teams Meeting", locationType: "default", uniqueIdType: "unknown", address: {}, coordinates: {} },
    locations: [{ displayName: "Microsoft Teams Meeting", locationType: "default", uniqueIdType: "unknown", address: {}, coordinates: {} }],
    recurrence: null,
    attendees: m.attendees.map((u) => ({ type: "required", status: response(c, m, u), emailAddress: address(u) })),
    organizer: { emailAddress: address(m.organizer) },
    onlineMeeting: {
      joinUrl:
        `https://teams.microsoft.com/l/meetup-join/19%3ameeting_${Buffer.from(meetingId, "hex").toString("base64url")}%40thread.v2/0?` +
        `context=%7b%22Tid%22%3a%22${c.tenantId}%22%7d`,
    },
  };
}

function calendar(c: GraphContext, ownerKey: string, name: string, owner: { name: string; address: string }): JsonObject {
  return {
    id: itemId(c, `calendar/${ownerKey}`),
    name,
    color: "auto",
    hexColor: "",
    isDefaultCalendar: true,
    changeKey: Buffer.from(c.hex(`calendar-change/${ownerKey}`, 32), "hex").toString("base64"),
    canShare: true,
    canViewPrivateItems: true,
    canEdit: true,
    allowedOnlineMeetingProviders: ["teamsForBusiness"],
    defaultOnlineMeetingProvider: "teamsForBusiness",
    isTallyingResponses: true,
    isRemovable: false,
    owner,
  };
}

/** Events are oldest first by start; a list is rendered at 10 (the default) and 999 a page. */
export function* calendarResources(c: GraphContext): Generator<Resource> {
  const origin = c.pin.origin;
  const meta = `${origin}/${V}/$metadata`;
  const p = graphPagination(origin, OUTLOOK_TOP);
  const all = meetings(c);
  for (const u of c.users) {
    const base = `${V}/users/${u.id}`;
    const mine = all.filter((m) => m.organizer === u || m.attendees.includes(u));
    const events = mine.map((m) => event(c, m, { key: u.key, user: u }));
    yield* collectionPages(p, `${base}/events`, `${meta}#users('${u.id}')/events`, events);
    for (const e of events)
      yield { path: `${base}/events/${String(e.id)}`, body: { "@odata.context": `${meta}#users('${u.id}')/events/$entity`, ...e } };
    const cal = calendar(c, u.key, "Calendar", address(u));
    yield { path: `${base}/calendar`, body: { "@odata.context": `${meta}#users('${u.id}')/calendars/$entity`, ...cal } };
    yield* collectionPages(p, `${base}/calendars`, `${meta}#users('${u.id}')/calendars`, [cal]);
  }
  for (const g of c.groups)
    yield* groupCalendar(
      c,
      g,
      all.filter((m) => g.team && m.team.id === g.team.id && m.category === "Sprint"),
    );
}

function* groupCalendar(c: GraphContext, g: GraphGroup, list: Meeting[]): Generator<Resource> {
  const origin = c.pin.origin;
  const meta = `${origin}/${V}/$metadata`;
  const base = `${V}/groups/${g.id}`;
  const events = list.map((m) => event(c, m, { key: g.key }));
  yield* collectionPages(graphPagination(origin, OUTLOOK_TOP), `${base}/events`, `${meta}#groups('${g.id}')/events`, events);
  for (const e of events)
    yield { path: `${base}/events/${String(e.id)}`, body: { "@odata.context": `${meta}#groups('${g.id}')/events/$entity`, ...e } };
  yield {
    path: `${base}/calendar`,
    body: {
      "@odata.context": `${meta}#groups('${g.id}')/calendar/$entity`,
      ...calendar(c, g.key, "Calendar", { name: g.name, address: `${g.nickname}@${c.domain}` }),
    },
  };
}
