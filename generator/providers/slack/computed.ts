import type { ComputeHandler, JsonValue } from "../../core/provider.js";
import { argsOf, reply } from "./http.js";

/** The small computed methods: api.test, and the stateless reply to conversations.join. */
/** api.test echoes its arguments, and answers the `error` argument as an error (https://api.slack.com/methods/api.test). */
export const apiTestHandler: ComputeHandler = async (input) => {
  const args = [...argsOf(input)].filter(([k]) => k !== "token");
  const error = args.find(([k]) => k === "error")?.[1];
  const echoed = args.length ? { args: Object.fromEntries(args) } : {};
  return reply(error !== undefined ? { ok: false, error, ...echoed } : { ok: true, ...echoed });
};

/**
 * conversations.join (connectors join every public channel before reading it): a deterministic reply that
 * changes nothing. A channel that exists answers `ok` with the channel, and Slack's `already_in_channel`
 * warning when the token's user is a member; any other id is `channel_not_found`.
 */
export const joinHandler: ComputeHandler = async (input) => {
  const channel = argsOf(input).get("channel") ?? "";
  const text = channel ? await input.read(`api/conversations.info?channel=${encodeURIComponent(channel)}`) : undefined;
  if (!text) return reply({ ok: false, error: "channel_not_found" });
  const info = JSON.parse(text) as { channel: Record<string, JsonValue> };
  const member = info.channel.is_member === true;
  return reply(
    {
      ok: true,
      channel: { ...info.channel, is_member: true },
      ...(member ? { warning: "already_in_channel", response_metadata: { warnings: ["already_in_channel"] } } : {}),
    },
    { "x-accepted-oauth-scopes": "channels:join,channels:write" },
  );
};
