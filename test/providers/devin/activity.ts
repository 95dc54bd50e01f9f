import { newest, type Activity, type ActivityProbe } from "../../support/activity.js";

/**
 * Devin: what happened last in the organization is the newest session started, or the newest thing a
 * session did: its last update, and its messages (the prompt, Devin's replies, its closing report).
 */
export const newestActivity: ActivityProbe = async (client) => {
  // Sessions are listed newest first (Devin has no sort or time filter). A session started earlier can
  // be updated later (it works on its pull request for days), so read the first page's updates too.
  const { sessions } = await client.json<{ sessions: any[] }>("/v1/sessions?limit=100");
  const found: Activity[] = [];
  for (const s of sessions) {
    found.push({ at: Date.parse(s.created_at), what: `session "${s.title}" started` });
    found.push({ at: Date.parse(s.updated_at), what: `session "${s.title}" updated (${s.status_enum})` });
  }
  // The messages of the three sessions updated last: the newest message is among theirs.
  const latest = [...sessions].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at)).slice(0, 3);
  for (const s of latest) {
    const { messages } = await client.json(`/v1/sessions/${s.session_id}`);
    for (const m of messages ?? []) found.push({ at: Date.parse(m.timestamp), what: `${m.type} in session "${s.title}"` });
  }
  return newest(found, "devin");
};
