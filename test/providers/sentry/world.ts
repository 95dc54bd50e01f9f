import { liveWorld } from "../../support/live-hosts.js";

export { liveWorld };

/** The next page's URL from a Sentry `Link` header, when it says there are results there. */
export function nextLink(link: string | undefined): string | undefined {
  for (const part of (link ?? "").split(/,\s*(?=<)/)) {
    const m = /^<([^>]+)>;\s*rel="next";\s*results="(true|false)";\s*cursor="([^"]*)"$/.exec(part.trim());
    if (m && m[2] === "true") return m[1];
  }
  return undefined;
}
