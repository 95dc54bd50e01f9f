import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../generator/catalog/index.js";
import type { JsonValue } from "../../../generator/core/provider.js";
import { liveGeneration, livePins, liveSettings, withLiveGeneration } from "../../../generator/live/settings.js";
import { historiesOf } from "../../../generator/providers/jira/activity.js";
import { JiraContext } from "../../../generator/providers/jira/context.js";
import { issueResources } from "../../../generator/providers/jira/issues.js";
import { platformResources } from "../../../generator/providers/jira/platform.js";
import { jqlIndex } from "../../../generator/providers/jira/search.js";
import { AUTOMATION_ACCOUNT_ID } from "../../../generator/providers/jira/users.js";
import { DAY, HOUR, isoSeconds, scheduleSlots } from "../../../generator/world/clock.js";
import { buildWorld, loadTemplates } from "../../../generator/world/index.js";
import { validateJira } from "./schema.js";

/**
 * The live site's scheduled stale-work rule (world/work/automation.ts, activity.ts): at every 6-hour slot the
 * Automation for Jira app comments on the open issue longest without an update, so the site always has an
 * update from its last slot. Built in-process from the live universe: no pin carries it.
 */
const catalog = loadCatalog("catalog.yaml");
const settings = liveSettings(catalog);
const render = loadTemplates("templates/repo");
const AS_OF = Date.parse("2026-09-14T08:00:00Z");
const generation = liveGeneration(settings, AS_OF);
const world = buildWorld(generation, { render, scale: 1 });
const [pin] = livePins(catalog, () => true, ["jira"]);
const jc = new JiraContext(world, {
  pin: pin!,
  catalog: withLiveGeneration(catalog, generation),
  origin: `https://jira.${catalog.serviceDomain}`,
});

type Any = Record<string, any>;

describe("jira: the stale-work rule (live only)", () => {
  it("runs at most once per slot, on an open item a day or more without an update, and a later as-of only appends", () => {
    const slots = [...scheduleSlots(generation.schedule!, world.start, AS_OF)];
    expect(world.staleNudges.length).toBeGreaterThan(slots.length / 2);
    const bySlot = new Set<number>();
    for (const n of world.staleNudges) {
      const slot = slots.find((s) => s <= n.at && n.at - s <= 90_000);
      expect(slot, isoSeconds(n.at)).toBeDefined();
      expect(bySlot.has(slot!)).toBe(false);
      bySlot.add(slot!);
      const item = world.workItems.find((i) => i.key === n.itemKey)!;
      const status = item.transitions.filter((t) => t.at <= slot!).at(-1)?.to ?? "To Do";
      expect(["To Do", "In Progress", "In Review"]).toContain(status);
      expect(slot! - n.idleSince).toBeGreaterThanOrEqual(DAY);
    }
    // After the first days (when every item is younger than a day) no slot goes without a run.
    const lastMissed = slots.filter((s) => s < AS_OF && !bySlot.has(s)).at(-1)!;
    expect(lastMissed).toBeLessThan(world.start + 7 * DAY);
    const later = buildWorld(liveGeneration(settings, AS_OF + 2 * DAY), { render, scale: 1 });
    expect(JSON.stringify(later.staleNudges.slice(0, world.staleNudges.length))).toBe(JSON.stringify(world.staleNudges));
  });

  it("is gated on the live schedule: a generation without one has no runs", () => {
    const { schedule: _schedule, ...pinned } = generation;
    expect(buildWorld(pinned, { render, scale: 1 }).staleNudges).toStrictEqual([]);
  });

  it("comments as the Automation for Jira app, moves `updated` and JQL's order, and serves the app account", () => {
    const last = world.staleNudges.at(-1)!;
    expect(AS_OF - last.at).toBeLessThan(6 * HOUR + 90_000);
    const item = world.workItems.find((i) => i.key === last.itemKey)!;
    // The issue's resources but its paged lists (their pages are wrapped when written); `comment`
    // keeps its last variant, the whole list in its envelope.
    const resources = new Map<string, JsonValue>();
    for (const r of issueResources(jc, item, "changelog")) if (!r.list) resources.set(r.path, r.body as JsonValue);
    const issue = resources.get(`rest/api/3/issue/${item.key}`) as Any;
    expect(Date.parse(issue.fields.updated)).toBe(last.at);
    const comments = (resources.get(`rest/api/3/issue/${item.key}/comment`) as Any).comments as Any[];
    const bot = comments.filter((c) => c.author.accountId === AUTOMATION_ACCOUNT_ID);
    expect(bot.length).toBe(world.staleNudges.filter((n) => n.itemKey === item.key).length);
    expect(`${bot.at(-1)!.author.displayName} ${bot.at(-1)!.author.accountType} ${Date.parse(bot.at(-1)!.created)}`).toBe(
      `Automation for Jira app ${last.at}`,
    );
    expect(JSON.stringify(bot.at(-1)!.body)).toContain(jc.person(item.assigneeId).name);
    for (const [path, body] of resources) expect(validateJira(path, body), path).toBeUndefined();
    // Comments are no changelog entries: the changelog ends before the nudge.
    expect(historiesOf(jc, item).every((h) => h.at < last.at)).toBe(true);
    // JQL's `updated` (and so `ORDER BY updated DESC`) is the nudge's time; no site update is older than a slot.
    const index = jqlIndex(jc).issues;
    expect(index.find((i) => i.key === item.key)!.updated).toBe(last.at);
    expect(Math.max(...index.map((i) => i.updated))).toBeGreaterThanOrEqual(last.at);
    const app = [...platformResources(jc)].find((r) => r.path === "rest/api/3/user" && r.query?.accountId === AUTOMATION_ACCOUNT_ID);
    expect(validateJira("rest/api/3/user", app?.body)).toBeUndefined();
  });
});
