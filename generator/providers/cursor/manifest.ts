import type { ProviderManifest } from "../../core/provider.js";

/** Cursor: what the catalog, the MCP tool and an unavailable host say of it. */
export const manifest: ProviderManifest = {
  id: "cursor",
  name: "Cursor",
  // Cursor's error shape (https://cursor.com/docs/api#common-error-responses): the HTTP reason and a message.
  unavailable: { status: 503, body: { error: "Service Unavailable", message: "{message}" } },
  snippet:
    '// Cursor has no official client for its Admin API: fetch with Basic auth, the key as the username\nconst base = "{{base_url}}";' +
    '\nconst auth = { authorization: `Basic ${btoa("key_any:")}`, "content-type": "application/' +
    'json" };\nconst members = await (await fetch(`${base}/teams/members`, { headers: auth ' +
    "})).json();\nconst usage = await (await fetch(`${base}/teams/daily-usage-data`, { method: " +
    '"POST", headers: auth, body: JSON.stringify({ startDate: Date.parse("2026-09-01"), ' +
    'endDate: Date.parse("2026-09-30") }) })).json();',
};
