import { expect } from "vitest";
import { isoMillis } from "../../../generator/world/clock.js";
import type { WorkItemStatus } from "../../../generator/world/types.js";
import type { AirbyteStream } from "./connector-queries.js";

/** What the connector replays share: the HTTP client each connector amounts to, and Linear's names. */

export type Any = Record<string, any>;

/**
 * fetch, sent once more when a kept-alive socket was closed by the server while this thread was busy
 * checking (a loaded machine can hold the client's idle timer past the server's): every request here is a read.
 */
export async function post(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw error;
    return fetch(url, init);
  }
}

/** Linear's default workflow (the world's statuses by Linear name and state type). */
export const LINEAR_STATE: Record<WorkItemStatus, { name: string; type: string }> = {
  Backlog: { name: "Backlog", type: "backlog" },
  "To Do": { name: "Todo", type: "unstarted" },
  "In Progress": { name: "In Progress", type: "started" },
  "In Review": { name: "In Review", type: "started" },
  Done: { name: "Done", type: "completed" },
  Canceled: { name: "Canceled", type: "canceled" },
};

/** Runs `fn` over `items`, `width` at a time (the connectors' concurrent workers). */
export async function inPool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** Python's `%Y-%m-%dT%H:%M:%S.%fZ` (the manifest's datetime_format): microseconds, six digits. */
export const pyFormat = (ms: number) => `${isoMillis(ms).slice(0, 23)}000Z`;

/**
 * Airbyte's declarative requester for one pin: `requests.post(url_base, json=body)` with the
 * ApiKeyAuthenticator's `Authorization` header (the key as given), every body kept in `requests`.
 */
export function airbyteClient(url: string) {
  const requests: string[] = [];
  async function send(body: Any) {
    const text = JSON.stringify(body);
    requests.push(text);
    const res = await post(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "lin_api_airbyte" },
      body: text,
    });
    return { status: res.status, json: (await res.json()) as Any };
  }

  /**
   * One stream read to the end. Incremental streams: `variables` = {orderBy: updatedAt} from
   * request_body_json, `filter.updatedAt.gte` from the cursor's start_time_option, `after` from the
   * paginator (field_path [variables, after]) on every page but the first. Full-refresh streams: no
   * `variables` on the first page, then `{"after": endCursor}` (field_name: variables; the CDK's Jinja
   * interpolation literal-evaluates the rendered `{"after": "…"}` into an object).
   */
  async function read(stream: AirbyteStream, start: number, pageSizes: number[] = []): Promise<Any[]> {
    const out: Any[] = [];
    let after: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const variables = stream.incremental
        ? { orderBy: "updatedAt", filter: { updatedAt: { gte: pyFormat(start) } }, ...(after !== undefined ? { after } : {}) }
        : after !== undefined
          ? { after }
          : undefined;
      const { status, json } = await send(variables ? { query: stream.query, variables } : { query: stream.query });
      expect(status, stream.name).toBe(200);
      expect(json.errors, stream.name).toBeUndefined();
      const connection = json.data[stream.root];
      out.push(...connection.nodes);
      pageSizes.push(connection.nodes.length);
      if (connection.pageInfo.hasNextPage === false) return out;
      after = connection.pageInfo.endCursor ?? "";
    }
    throw new Error(`${stream.name} does not end`);
  }
  return { send, read, requests };
}
