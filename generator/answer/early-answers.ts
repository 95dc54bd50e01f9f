import type { LiveCurrent } from "../format/live.js";
import { CATALOG_LABEL, target, type Answer } from "./resolve.js";

/**
 * What the server answers before, or instead of, resolving a request against a pin: the refusals of
 * the request's size, CORS preflights and the live status on the catalog host. The local server and the
 * edge write them with answer/reply.ts, so both answer them alike.
 */
type BodyAnswer = Extract<Answer, { kind: "body" }>;

const JSON_TYPE = "application/json; charset=utf-8";

export function jsonAnswer(status: number, payload: object, headers: Record<string, string> = {}): BodyAnswer {
  return { kind: "body", status, headers: { "content-type": JSON_TYPE, ...headers }, body: JSON.stringify(payload) };
}

export function uriTooLong(maxUrl: number): BodyAnswer {
  return jsonAnswer(414, { error: "uri_too_long", message: `URLs are limited to ${maxUrl} bytes.` });
}

export function payloadTooLarge(): BodyAnswer {
  return jsonAnswer(413, { error: "payload_too_large", message: "Request bodies are limited to 1 MiB." });
}

/** A CORS preflight (an OPTIONS with Access-Control-Request-Method): every method, the headers asked for. */
export function preflight(requestHeaders: string | undefined): BodyAnswer {
  return {
    kind: "body",
    status: 204,
    body: "",
    headers: {
      "access-control-allow-methods": "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
      "access-control-allow-headers": (requestHeaders ?? "*").slice(0, 1_000),
      "access-control-max-age": "86400",
    },
  };
}

/** `/mcp` on the catalog host (`/catalog/mcp` path style). `path` is the raw request path. */
export function isMcpPath(host: string | undefined, path: string, domain: string | undefined): boolean {
  const aim = target(host, path.split("/").filter(Boolean), domain);
  return aim?.label === CATALOG_LABEL && aim.segments.length === 1 && aim.segments[0] === "mcp";
}

/** `/v1/live` (what the live hosts serve) and `/v1/live/drift` (the day's drift report) on the catalog host. */
export function liveStatusPath(host: string | undefined, path: string, domain: string | undefined): "status" | "drift" | undefined {
  const aim = target(host, path.split("/").filter(Boolean), domain);
  if (aim?.label !== CATALOG_LABEL || aim.segments[0] !== "v1" || aim.segments[1] !== "live") return undefined;
  if (aim.segments.length === 2) return "status";
  return aim.segments.length === 3 && aim.segments[2] === "drift" ? "drift" : undefined;
}

/** The file of the live build that answers a live status path. */
export function liveStatusFile(what: "status" | "drift"): string {
  return what === "drift" ? "drift.json" : "build.json";
}

/**
 * The live status: the build serving (`current`, undefined when there is none) with its build record,
 * or its drift report as it is (`text`, undefined when the build has none).
 */
export function liveStatusAnswer(what: "status" | "drift", current: LiveCurrent | undefined, text: string | undefined): BodyAnswer {
  if (!current)
    return jsonAnswer(404, {
      error: "no_live_build",
      message: "No live build has been made yet: run 'snapverse live' or 'snapverse serve --live'.",
    });
  if (text === undefined)
    return jsonAnswer(404, {
      error: "no_live_build",
      message: `The live build ${current.build} has no ${what === "drift" ? "drift report" : "build record"}.`,
    });
  const payload =
    what === "drift"
      ? text
      : JSON.stringify({
          current: current.build,
          as_of: current.as_of,
          previous: current.previous,
          hosts: current.prefixes,
          build: JSON.parse(text) as unknown,
        });
  return { kind: "body", status: 200, headers: { "content-type": JSON_TYPE, "cache-control": "no-cache" }, body: payload };
}
