import type { Resource } from "../../core/provider.js";
import type { SpContext } from "./context.js";

export type SubscriberState = "active" | "unconfirmed" | "quarantined";
export const SUBSCRIBER_TYPES = ["email", "sms", "webhook", "integration_partner", "slack", "teams"] as const;
export const SUBSCRIBER_STATES = ["active", "unconfirmed", "quarantined", "all"] as const;

/**
 * The page's subscribers: the CRM's contacts (`world.commerce.contacts`) who subscribed by email, each
 * keyed by the contact: about four in five did, most confirmed their address, a few bounced and are
 * quarantined. The page allows no SMS, and no webhook, Slack or Teams subscriber is derived.
 */
export function subscriberStates(sp: SpContext): Array<{ contactId: number; state: SubscriberState }> {
  const out: Array<{ contactId: number; state: SubscriberState }> = [];
  for (const c of sp.world.commerce.contacts) {
    if (c.createdAt > sp.asOf) continue;
    const [a = 0, b = 0] = sp.bytes(`subscriber/${c.id}`);
    if (a % 5 === 0) continue;
    out.push({ contactId: c.id, state: b % 20 === 0 ? "quarantined" : b % 20 < 3 ? "unconfirmed" : "active" });
  }
  return out;
}

/**
 * `GET /v1/pages/{page_id}/subscribers/count`: counts by type (`SubscriberCountByType`), for `state`
 * (active by default, or `all`) and optionally one `type` (the other types then count 0, as a filter).
 */
export function* subscriberCountResources(sp: SpContext, path: string): Generator<Resource> {
  const subs = subscriberStates(sp);
  for (const state of SUBSCRIBER_STATES) {
    const email = subs.filter((s) => state === "all" || s.state === state).length;
    for (const type of [undefined, ...SUBSCRIBER_TYPES]) {
      const body = Object.fromEntries(
        SUBSCRIBER_TYPES.map((t) => [t, t === "email" && (type === undefined || type === "email") ? email : 0]),
      );
      const query: Record<string, string> = {};
      if (state !== "active") query.state = state;
      if (type) query.type = type;
      yield { path, query, body };
    }
  }
}
