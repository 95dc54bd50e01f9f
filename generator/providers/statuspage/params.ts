import type { ParamClasses } from "../../core/param-classes.js";

/**
 * Every query parameter of the GET operations of Statuspage's published description (the manage API,
 * `/v1`) that this host serves, in one class each (issue 37; test/providers/statuspage/parameter-classes.test.ts).
 * Every one is computed: the lists page (lists.ts), the incident list searches, the uptime reads take
 * their range (uptime.ts), and the subscriber count is pre-rendered for each `state` and `type`
 * (subscribers.ts). The operations listed as unserved share a served route family but answer 404 (README,
 * Not served).
 */
const PAGE = "/pages/{page_id}";

export const statuspageParams: ParamClasses = {
  unserved: [
    `${PAGE}/subscribers`,
    `${PAGE}/subscribers/unsubscribed`,
    `${PAGE}/subscribers/histogram_by_state`,
    `${PAGE}/subscribers/{subscriber_id}`,
    `${PAGE}/incidents/{incident_id}/subscribers`,
    `${PAGE}/incidents/{incident_id}/subscribers/{subscriber_id}`,
  ],
  computed: {
    page: "lists.ts: page numbers from 1; a page past the last is []",
    per_page: "lists.ts: 100 by default and at most, larger sizes clamped",
    [`${PAGE}/incidents limit`]: "lists.ts: the incident list's page size, 100 by default and at most",
    [`${PAGE}/incidents q`]: "lists.ts: name, status, postmortem body and update bodies contain it",
    start: "uptime.ts: the range's first day (YYYY, YYYY-MM or YYYY-MM-DD); unreadable or over six months is 422",
    end: "uptime.ts: the range's last day",
    skip_related_events: "uptime.ts: true leaves out the related events",
    [`${PAGE}/subscribers/count type`]: "subscribers.ts: pre-rendered for each type (the others count 0)",
    [`${PAGE}/subscribers/count state`]: "subscribers.ts: pre-rendered for each state and all; active by default",
  },
  refused: {},
  ignored: {},
  unhandled: {},
};
