import { jsonReply, type Reply } from "../../core/compute.js";
import type { ComputeHandler } from "../../core/provider.js";
import { findMember } from "./ai-code.js";
import { DATA, parseEventsCsv, readData, type TeamData } from "./data.js";
import { notFound } from "./errors.js";
import { JSON_TYPE, asOfOf, fail, isReply, objectBody } from "./request.js";
import type { ComputedRoute } from "../../core/define-provider.js";

/**
 * The Admin API's writes on a frozen host: a deterministic reply computed from the request and the
 * team, nothing stored (a later read still shows the frozen team). Both are Enterprise features, and the
 * team is on Enterprise (it has the AI Code Tracking API).
 * - `POST /teams/user-spend-limit` `{userEmail, spendLimitDollars}`: `{"outcome":"success","message"}`,
 *   or `{"outcome":"error","message"}` with a 400, the envelope the docs give.
 * - `POST /teams/remove-member` `{userId | email}`: `{"success":true,"userId","hasBillingCycleUsage"}`, or
 *   `{"error": "<message>"}` with a 400 for the documented refusals.
 */
function reply(status: number, body: unknown): Reply {
  return jsonReply(status, body, { contentType: JSON_TYPE });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const userSpendLimit: ComputeHandler = async (input) => {
  const body = objectBody(input);
  if (isReply(body)) return body;
  const refuse = (message: string) => reply(400, { outcome: "error", message });
  const email = body.userEmail;
  if (typeof email !== "string" || email === "") return refuse("userEmail is required");
  if (!EMAIL.test(email)) return refuse("Invalid email format");
  if (!("spendLimitDollars" in body)) return refuse("spendLimitDollars is required");
  const limit = body.spendLimitDollars;
  if (limit !== null && (typeof limit !== "number" || !Number.isInteger(limit)))
    return refuse("spendLimitDollars must be an integer or null");
  if (typeof limit === "number" && limit < 0) return refuse("spendLimitDollars must not be negative");
  const team = await readData<TeamData>(input, DATA.team);
  if (!team) return fail(notFound);
  const member = team.members.find((m) => m.email.toLowerCase() === email.toLowerCase());
  if (!member) return refuse(`User ${email} is not a member of this team`);
  return reply(200, {
    outcome: "success",
    message: limit === null ? `Spend limit removed for user ${member.email}` : `Spend limit set to $${limit} for user ${member.email}`,
  });
};

const removeMember: ComputeHandler = async (input) => {
  const body = objectBody(input);
  if (isReply(body)) return body;
  const refuse = (error: string) => reply(400, { error });
  const hasId = body.userId !== undefined && body.userId !== null && body.userId !== "";
  const hasEmail = body.email !== undefined && body.email !== null && body.email !== "";
  if (!hasId && !hasEmail) return refuse("Either userId or email must be provided");
  if (hasId && hasEmail) return refuse("Only one of userId or email should be provided, not both");
  const team = await readData<TeamData>(input, DATA.team);
  if (!team) return fail(notFound);
  // `userId` is the encoded id (`user_…`); an email is matched without regard to case.
  const member = hasId ? team.members.find((m) => m.id === String(body.userId)) : findMember(team.members, String(body.email).trim());
  if (!member || (hasEmail && !String(body.email).includes("@"))) return refuse("User is not a member of this team");
  const owners = team.members.filter((m) => m.role === "owner");
  if (member.role === "owner" && owners.length === 1) return refuse("At least one admin must remain on the team");
  if (team.members.length === 1) return refuse("At least one paid member must remain on the team");
  const events = await readData(input, DATA.events, parseEventsCsv);
  const asOf = asOfOf(input);
  const used = (events ?? []).some((e) => e.userId === member.userId && e.at >= team.subscriptionCycleStart && e.at <= asOf);
  return reply(200, { success: true, userId: member.id, hasBillingCycleUsage: used });
};

export const writeRoutes: ComputedRoute[] = [
  { method: "POST", path: "^teams/user-spend-limit$", handler: "user-spend-limit", run: userSpendLimit },
  { method: "POST", path: "^teams/remove-member$", handler: "remove-member", run: removeMember },
];
