import { DAY, HOUR, MINUTE, days, isoDay, startOfDay, weekday, workHoursUtc } from "../../world/clock.js";
import { rngFactory, type Rng } from "../../world/rng.js";
import type { World } from "../../world/types.js";
import { keyedInt, tsOf } from "./ids.js";
import type { SlackChannel, SlackUser, SlackWorkspace } from "./workspace.js";

/**
 * The messages of the workspace, each caused by the world's events or by ordinary work, from keyed
 * streams of this provider (`slack/…`), so that no other provider's bytes move:
 *
 * - `#deploys`: Deploybot announces every deployment (repository, environment, ref, full SHA, who
 *   started it) and posts each later status into its thread.
 * - `#releases`: Deploybot posts every published release with its notes.
 * - `#incidents`: PagerDuty opens a thread per incident (number, priority, title, assignee); its
 *   acknowledgement, escalation, the responders' notes and the resolution are the replies.
 * - `#support-escalations`: the ticket's support owner escalates each ticket that became a bug, naming
 *   the ticket, the customer and the work item key; the item's assignee answers in the thread.
 * - team channels: a pull request's author asks for review (a link with its real number), reviewers
 *   answer in the thread; and ordinary conversation on weekdays in the members' work hours, keyed per
 *   channel and day, some of it threaded, with reactions.
 * - `#general`: sprint kick-offs, welcomes for people who joined during the world, and each won deal,
 *   announced by its owner (sales staff) when it closed.
 *
 * Nothing is after the world's as-of. `ts` is the instant in microseconds, unique per channel.
 */
export interface SlackReply {
  ts: string;
  at: number;
  user: SlackUser;
  text: string;
  key: string;
  reactions: SlackReaction[];
}

export interface SlackMessage extends SlackReply {
  channel: SlackChannel;
  replies: SlackReply[];
}

export interface SlackReaction {
  name: string;
  users: string[];
}

interface Draft {
  at: number;
  user: SlackUser;
  text: string;
  key: string;
  reactions?: SlackReaction[];
  replies?: Draft[];
}

const CHATTER = [
  "Picking up {key} today: {title}.",
  "Anyone around to pair on {key}? The tests are flaky on my machine.",
  "Heads up: {key} needs a migration, I'll post the plan in the thread.",
  "Moved {key} to review, would appreciate eyes before standup.",
  "Is {key} still blocked on the API change?",
  "Standup notes are in the doc, {key} is the only thing at risk.",
  "Quick question about {key}: do we keep the old behaviour behind a flag?",
] as const;

const CHATTER_PLAIN = [
  "Morning all :wave:",
  "Retro doc is up, add your notes before Friday.",
  "CI seems slow this morning, anyone else seeing it?",
  "I'll be out for an hour after lunch.",
  "Reminder: the on-call handover is on Monday.",
  "Lunch & learn on observability on Thursday, everyone welcome.",
] as const;

const THREAD_REPLIES = [
  "On it.",
  "Sounds good to me.",
  "I can take a look after lunch.",
  "Same here, looks like a cache issue.",
  "Thanks! Merged.",
  "Let's discuss at standup.",
  "+1, happy to help.",
  "Done, see the PR.",
] as const;

const EMOJI = ["+1", "eyes", "white_check_mark", "raised_hands", "pray", "100", "tada", "fire"] as const;

export function buildMessages(ws: SlackWorkspace): Map<string, SlackMessage[]> {
  const world = ws.world;
  const rng = rngFactory(world.generation.seed);
  const drafts = new Map<string, Draft[]>(ws.channels.map((c) => [c.id, []]));
  const add = (name: string, d: Draft) => drafts.get(ws.channelNamed(name).id)!.push(d);
  const org = world.company.slug;

  for (const repo of world.repos) {
    for (const dep of repo.deployments) {
      const creator = ws.userOf(dep.creatorId);
      const sha7 = dep.sha.slice(0, 7);
      add("deploys", {
        at: dep.createdAt,
        user: botUser(ws, "deploybot"),
        key: `deploy/${repo.name}/${dep.id}`,
        text:
          `:rocket: Deploying *${repo.name}* <https://github.com/${org}/${repo.name}/` +
          `commit/${dep.sha}|${sha7}> (\`${dep.ref}\`) to *${dep.environment}*, started by ` +
          `<@${creator.id}> (deployment ${dep.id})`,
        replies: dep.statuses
          .filter((s) => s.state !== "in_progress")
          .map((s) => ({
            at: s.createdAt,
            user: botUser(ws, "deploybot"),
            key: `deploy/${repo.name}/${dep.id}/status/${s.id}`,
            text:
              `${s.state === "success" ? ":white_check_mark:" : ":x:"} ${s.description}: *${repo.name}` +
              `* ${sha7} on *${dep.environment}* (${s.state})`,
          })),
        reactions: dep.statuses.some((s) => s.state === "success") ? [{ name: "rocket", users: [creator.id] }] : [],
      });
    }
    for (const rel of repo.releases) {
      const author = ws.userOf(rel.authorId);
      add("releases", {
        at: rel.publishedAt,
        user: botUser(ws, "deploybot"),
        key: `release/${repo.name}/${rel.id}`,
        text:
          `:package: *${repo.name} ${rel.name}* was released by <@${author.id}` +
          `>${rel.prerelease ? " (pre-release)" : ""}: <https://github.com/${org}/${repo.name}/` +
          `releases/tag/${rel.tag}|${rel.tag}>\n${rel.body.trim()}`,
        reactions: [{ name: "tada", users: [author.id] }],
      });
    }
    const team = world.teams.find((t) => t.id === repo.teamId)!;
    for (const pr of repo.pulls) {
      const author = ws.userOf(pr.authorId);
      const r = rng(`slack/pull/${repo.name}/${pr.number}`);
      const reviewers = [...new Set(pr.reviews.map((rv) => rv.reviewerId))].map((id) => ws.userOf(id).id);
      const merged =
        pr.mergedAt !== undefined && pr.mergedById !== undefined
          ? [{ name: "white_check_mark", users: [ws.userOf(pr.mergedById).id] }]
          : [];
      drafts.get(ws.channelNamed(team.slug).id)!.push({
        at: pr.createdAt + r.int(1, 20) * MINUTE,
        user: author,
        key: `pull/${repo.name}/${pr.number}`,
        text:
          `Could someone review <https://github.com/${org}/${repo.name}/pull/${pr.number}` +
          `|${repo.name}#${pr.number}>?` +
          ` ${pr.title}${pr.title.includes(pr.workItemKey) ? "" : ` (${pr.workItemKey})`}`,
        reactions: [...(reviewers.length ? [{ name: "eyes", users: reviewers }] : []), ...merged],
        replies: pr.reviews.map((rv) => ({
          at: rv.submittedAt + MINUTE,
          user: ws.userOf(rv.reviewerId),
          key: `pull/${repo.name}/${pr.number}/review/${rv.id}`,
          text:
            rv.state === "APPROVED"
              ? "Approved :+1:"
              : rv.state === "CHANGES_REQUESTED"
                ? "Requested a few changes, see the comments."
                : "Left some comments.",
        })),
      });
    }
  }

  for (const inc of world.operations.incidents) {
    const service = world.operations.services.find((s) => s.id === inc.serviceId);
    const pd = botUser(ws, "pagerduty");
    const replies: Draft[] = [];
    const k = `incident/${inc.number}`;
    if (inc.acknowledgedAt !== undefined && inc.acknowledgedById !== undefined)
      replies.push({ at: inc.acknowledgedAt, user: pd, key: `${k}/ack`, text: `Acknowledged by <@${ws.userOf(inc.acknowledgedById).id}>` });
    if (inc.escalatedAt !== undefined) {
      const lead = world.teams.find((t) => t.id === inc.teamId)!.leadId;
      replies.push({
        at: inc.escalatedAt,
        user: pd,
        key: `${k}/escalated`,
        text: `Escalated to <@${ws.userOf(lead).id}>: nobody acknowledged in time`,
      });
    }
    for (const note of inc.notes)
      replies.push({ at: note.at, user: ws.userOf(note.authorId), key: `${k}/note/${note.id}`, text: note.text });
    // A monitor that resolves its own incident (the check recovered) is named as the resolver, as PagerDuty's app posts it.
    const resolver =
      inc.resolvedById !== undefined
        ? `<@${ws.userOf(inc.resolvedById).id}>`
        : inc.trigger.kind === "monitor"
          ? inc.trigger.monitor
          : undefined;
    if (inc.resolvedAt !== undefined && resolver)
      replies.push({ at: inc.resolvedAt, user: pd, key: `${k}/resolved`, text: `:white_check_mark: Resolved by ${resolver}` });
    add("incidents", {
      at: inc.createdAt,
      user: pd,
      key: k,
      text:
        `:rotating_light: Incident #${inc.number} [${inc.priority}` +
        `] ${inc.title}${service ? ` on *${service.slug}*` : ""}, assigned to ` +
        `<@${ws.userOf(inc.assigneeId).id}>`,
      replies,
      reactions: [{ name: "eyes", users: [ws.userOf(inc.assigneeId).id] }],
    });
  }

  const items = new Map(world.workItems.map((w) => [w.key, w]));
  const companies = new Map(world.commerce.companies.map((c) => [c.id, c]));
  for (const ticket of world.commerce.tickets) {
    if (!ticket.workItemKey) continue;
    const item = items.get(ticket.workItemKey);
    if (!item) continue;
    const r = rng(`slack/escalation/${ticket.id}`);
    const at = Math.max(ticket.createdAt, item.createdAt) + r.int(2, 20) * MINUTE;
    const assignee = ws.userOf(item.assigneeId);
    const done = item.transitions.find((t) => t.to === "Done");
    add("support-escalations", {
      at,
      user: ws.userOf(ticket.ownerId),
      key: `escalation/${ticket.id}`,
      text:
        `Escalated ticket #${ticket.id} ` +
        `from ${companies.get(ticket.companyId)?.name ?? "a customer"} ` +
        `(${ticket.priority.toLowerCase()} priority): ${ticket.subject}. Filed ` +
        `as ${ticket.workItemKey}, <@${assignee.id}> has it.`,
      replies: [
        {
          at: at + r.int(20, 180) * MINUTE,
          user: assignee,
          key: `escalation/${ticket.id}/ack`,
          text: `Thanks, looking at ${ticket.workItemKey} now.`,
        },
        ...(done
          ? [
              {
                at: done.at + r.int(5, 60) * MINUTE,
                user: assignee,
                key: `escalation/${ticket.id}/done`,
                text: `${ticket.workItemKey} is done, you can let the customer know.`,
              },
            ]
          : []),
      ],
      reactions: [{ name: "eyes", users: [assignee.id] }],
    });
  }

  const general = ws.channelNamed("general");
  const owner = ws.users.find((u) => u.isPrimaryOwner)!;
  // The owner's morning (9:30 local) of the day a sprint starts.
  const morning = (day: number) => day + ((((9 * 60 + 30 - owner.utcOffsetMinutes) % 1440) + 1440) % 1440) * MINUTE;
  for (const sprint of world.sprints) {
    add("general", {
      at: morning(startOfDay(sprint.startAt)),
      user: owner,
      key: `sprint/${sprint.id}`,
      text: `${sprint.name} starts today and runs until ${isoDay(sprint.endAt)}. Good luck everyone!`,
      reactions: [{ name: "muscle", users: pickUsers(rng(`slack/sprint/${sprint.id}`), general.memberIds, 3) }],
    });
  }
  for (const p of world.people.filter((x) => x.joinedAt >= world.start)) {
    const team = world.teams.find((t) => t.id === p.teamId)!;
    add("general", {
      at: p.joinedAt + 2 * HOUR,
      user: owner,
      key: `welcome/${p.id}`,
      text: `Please welcome <@${ws.userOf(p.id).id}> to the ${team.name} team! :wave:`,
      reactions: [{ name: "wave", users: pickUsers(rng(`slack/welcome/${p.id}`), general.memberIds, 4) }],
    });
  }

  // Sales: every deal won by as-of, announced by its owner when it closed.
  for (const deal of world.commerce.deals) {
    if (deal.stage !== "won" || deal.closedAt === undefined) continue;
    const company = companies.get(deal.companyId);
    add("general", {
      at: deal.closedAt + 10 * MINUTE,
      user: ws.userOf(deal.ownerId),
      key: `deal/${deal.id}`,
      text: `:tada: Closed won: *${deal.name}*${company ? ` with ${company.name}` : ""} ($${formatAmount(deal.amount)})`,
      reactions: [{ name: "tada", users: pickUsers(rng(`slack/deal/${deal.id}`), general.memberIds, 3) }],
    });
  }

  for (const team of world.teams) {
    const channel = ws.channelNamed(team.slug);
    const everyone = team.memberIds.map((id) => ws.userOf(id));
    for (const day of days(world.start, world.asOf)) {
      if (weekday(day) === 0 || weekday(day) === 6) continue;
      // Only people who had joined by that day talk, answer and react.
      const members = everyone.filter((m) => m.created <= day);
      if (!members.length) continue;
      const r = rng(`slack/chatter/${team.slug}/${isoDay(day)}`);
      const count = r.int(0, 3);
      for (let n = 0; n < count; n++) {
        const who = r.pick(members);
        // Only whole work hours that ended by as-of (on the as-of day there may be none).
        const hours = workHoursUtc(who.utcOffsetMinutes, day, Number.POSITIVE_INFINITY).filter((h) => day + (h + 1) * HOUR <= world.asOf);
        const hour = hours.length ? r.pick(hours) : undefined;
        const at = day + (hour ?? 0) * HOUR + r.int(0, 59) * MINUTE + r.int(0, 59) * 1000;
        if (hour === undefined) continue;
        const open = world.workItems.filter(
          (w) =>
            w.teamId === team.id && w.createdAt <= at && w.assigneeId === who.person?.id && w.status !== "Done" && w.status !== "Canceled",
        );
        const item = open.length && r.chance(0.6) ? r.pick(open) : undefined;
        const text = item ? r.pick(CHATTER).replace("{key}", item.key).replace("{title}", item.title) : r.pick(CHATTER_PLAIN);
        const others = members.filter((m) => m.id !== who.id);
        const replies: Draft[] = [];
        if (others.length && r.chance(0.35)) {
          let t = at;
          for (let k = 0, m = r.int(1, 3); k < m; k++) {
            t += r.int(3, 90) * MINUTE;
            replies.push({
              at: t,
              user: r.pick(others),
              key: `chatter/${team.slug}/${isoDay(day)}/${n}/reply/${k}`,
              text: r.pick(THREAD_REPLIES),
            });
          }
        }
        const reactions =
          others.length && r.chance(0.4)
            ? [
                {
                  name: r.pick(EMOJI),
                  users: pickUsers(
                    r,
                    others.map((o) => o.id),
                    r.int(1, 3),
                  ),
                },
              ]
            : [];
        drafts.get(channel.id)!.push({ at, user: who, key: `chatter/${team.slug}/${isoDay(day)}/${n}`, text, replies, reactions });
      }
    }
  }

  const out = new Map<string, SlackMessage[]>();
  for (const channel of ws.channels) out.set(channel.id, settle(ws, channel, drafts.get(channel.id)!, world));
  return out;
}

/** `12,500` (no locale: thousands separated by commas, as the deal's owner would write it). */
function formatAmount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A ts back in microseconds. */
function micros(ts: string): number {
  const [s, u] = ts.split(".");
  return Number(s) * 1_000_000 + Number(u);
}

function botUser(ws: SlackWorkspace, handle: string): SlackUser {
  return ws.users.find((u) => u.bot?.handle === handle)!;
}

function pickUsers(r: Rng, ids: string[], n: number): string[] {
  return r.sample(ids, n);
}

/**
 * Drafts as messages: nothing after as-of, each given a `ts` from its instant plus keyed microseconds
 * (bumped past any `ts` the channel already holds, in a fixed order), replies oldest first.
 */
function settle(ws: SlackWorkspace, channel: SlackChannel, drafts: Draft[], world: World): SlackMessage[] {
  const taken = new Set<string>();
  // Keyed microseconds within the instant's second (world times are whole seconds), after `after` if given.
  const stamp = (d: Draft, after = 0): string => {
    let micros = Math.max(d.at * 1000 + keyedInt(ws.seed, `ts/${d.key}`, 1_000_000 - (d.at % 1000) * 1000), after + 1);
    while (taken.has(tsOf(micros))) micros += 1;
    const ts = tsOf(micros);
    taken.add(ts);
    return ts;
  };
  const inWorld = (d: Draft) => d.at <= world.asOf && d.at > world.start - 90 * DAY;
  const ordered = drafts.filter(inWorld).sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1));
  const out: SlackMessage[] = [];
  for (const d of ordered) {
    const ts = stamp(d);
    // Each reply comes after its parent and the reply before it.
    let last = micros(ts);
    const replies = (d.replies ?? [])
      .filter((x) => x.at <= world.asOf && x.at > d.at)
      .sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : 1))
      .map((x): SlackReply => {
        const at = stamp(x, last);
        last = micros(at);
        return { ts: at, at: x.at, user: x.user, text: x.text, key: x.key, reactions: x.reactions ?? [] };
      });
    out.push({
      channel,
      ts,
      at: d.at,
      user: d.user,
      text: d.text,
      key: d.key,
      reactions: (d.reactions ?? []).filter((x) => x.users.length),
      replies,
    });
  }
  // Seconds order the drafts; within a second the keyed microseconds decide, as `ts` does.
  return out.sort((a, b) => micros(a.ts) - micros(b.ts));
}
