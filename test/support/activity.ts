import { request } from "node:http";

/**
 * The newest activity a client can see on a live host. "Activity" means something different for each
 * provider (a workflow run, an incident, a usage bucket), so every provider with a live prefix defines it
 * in `test/providers/<provider>/activity.ts` as a probe: a few reads, the way that provider's clients
 * ask "what happened last?". The freshness test (test/live/freshness.test.ts) runs every probe against
 * the host serving at each instant of a build cycle; the meta-test fails when a provider has none.
 */
export interface ActivityClient {
  /**
   * The organization a client of this host is configured with, where every path of the host starts with
   * it (Azure DevOps' `https://dev.azure.com/{org}`): clients are given it, they do not discover it.
   */
  organization?: string;
  /**
   * Sends one request to the live host, with the provider's test credentials, and returns the parsed JSON
   * body. `path` is the path on the host (with its query), such as `/incidents?limit=1`. Fails the probe
   * when the status is not 2xx, so a probe never reads an error body as "no activity".
   */
  json<T = any>(path: string, init?: { method?: string; body?: string; headers?: Record<string, string> }): Promise<T>;
}

export interface Activity {
  /** The instant (ms since the epoch) of the newest activity the probe saw. */
  at: number;
  /** What it is, for a failure message: "pull request kestrel/payments-api#412 updated". */
  what: string;
}

export type ActivityProbe = (client: ActivityClient) => Promise<Activity>;

/** The newest of several findings; a probe that saw nothing fails loudly rather than report the epoch. */
export function newest(found: Array<Activity | undefined>, where: string): Activity {
  const seen = found.filter((a): a is Activity => a !== undefined && Number.isFinite(a.at));
  if (seen.length === 0) throw new Error(`no activity at all on ${where}`);
  return seen.reduce((a, b) => (b.at > a.at ? b : a));
}

/** A header value that the profile's credential pattern accepts: the test credentials of every provider. */
export function testCredentials(auth: { header: string; pattern: string } | undefined): Record<string, string> {
  if (!auth) return {};
  for (const candidate of [
    "Bearer snapverse-test",
    "Basic dTpw",
    "bearer ghp_test",
    "lin_api_test",
    "Bearer sk-test",
    "Bearer xoxb-test",
    "Token token=test",
    "Bearer apk_user_test",
    "Key test",
  ]) {
    if (new RegExp(auth.pattern).test(candidate)) return { [auth.header]: candidate };
  }
  return {};
}

/**
 * A client of the live host at `hostOrigin`, sending the credentials its serving profile accepts. Each
 * request goes on a connection of its own: the freshness test runs builds in process between requests,
 * and a pooled socket can be closed by the server's idle timer just as it is reused.
 */
export function activityClient(
  hostOrigin: string,
  auth: { header: string; pattern: string } | undefined,
  organization?: string,
): ActivityClient {
  const credentials = testCredentials(auth);
  return {
    ...(organization ? { organization } : {}),
    async json(path, init = {}) {
      const method = init.method ?? "GET";
      const headers = { ...credentials, ...(init.body ? { "content-type": "application/json" } : {}), ...(init.headers ?? {}) };
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = request(`${hostOrigin}${path}`, { method, headers, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode!, text: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        });
        req.on("error", reject);
        req.end(init.body);
      });
      if (status < 200 || status > 299) throw new Error(`${method} ${path} answered ${status}: ${text.slice(0, 200)}`);
      return JSON.parse(text);
    },
  };
}

/** The first path segment every route of a host starts with, if they all share one (see `organization`). */
export function sharedFirstSegment(routeKeys: string[]): string | undefined {
  const first = new Set(routeKeys.filter((k) => !k.startsWith("_snapverse/")).map((k) => k.split("/")[0]!));
  return first.size === 1 ? [...first][0] : undefined;
}
