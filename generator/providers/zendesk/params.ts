import type { ParamClasses } from "../../core/param-classes.js";
import type { ErrorDoc, QueryRefusal } from "../../core/provider.js";

/**
 * Every query parameter of the Support API description's GET operations this host serves (48 of them),
 * in one class each (issue 37; test/providers/zendesk/parameter-classes.test.ts). A bare name holds on
 * every served operation; `<template> <name>` on one. The refused ones are also the serving profile's
 * refusal rules (`zendeskRefusals`): a value outside `allow` gets Zendesk's 400 naming the parameter.
 */
const V2 = "/api/v2";
const T = `${V2}/tickets`;
const U = `${V2}/users`;
const O = `${V2}/organizations`;

interface Refused {
  allow?: string;
  why: string;
}

const FALSE = "^(false|0)?$";
const EMPTY = "^$";

/** `<template> <param>` for each template. */
const on = <V>(templates: string[], param: string, value: V): Record<string, V> =>
  Object.fromEntries(templates.map((t) => [`${t} ${param}`, value]));

const SIDELOADS: Refused = { allow: EMPTY, why: "side-loads are not served: the records come without them" };
const BOUNDARY: Refused = { allow: FALSE, why: "cursor pages carry no boundary indicators or item cursors here" };
const NO_SORT: Refused = { allow: EMPTY, why: "this list is served in one order only" };
const LISTS_WITH_SORT = [T, U, O, `${V2}/groups`, `${V2}/satisfaction_ratings`, `${V2}/ticket_metrics`, `${V2}/group_memberships`];

const refused: Record<string, Refused> = {
  // --- side-loads (`include`): ticket events include their comment events, as Airbyte asks for them
  ...on(
    [
      T,
      `${T}/show_many`,
      `${T}/{ticket_id}`,
      `${T}/{ticket_id}/audits`,
      `${T}/{ticket_id}/comments`,
      U,
      `${U}/me`,
      `${U}/search`,
      `${U}/show_many`,
      `${U}/{user_id}`,
      `${U}/{user_id}/tickets/requested`,
      `${O}/{organization_id}`,
      `${V2}/groups`,
      `${V2}/groups/{group_id}`,
      `${V2}/group_memberships`,
      `${V2}/organization_memberships`,
      `${V2}/search`,
    ],
    "include",
    SIDELOADS,
  ),
  [`${V2}/incremental/ticket_events include`]: { allow: "^(comment_events)?$", why: "ticket events side-load their comment events only" },
  // --- cursor extras
  ...on(
    [`${V2}/groups`, O, `${O}/count`, `${O}/{organization_id}`, `${V2}/ticket_fields`, `${V2}/ticket_forms`, `${T}/{ticket_id}/audits`, U],
    "include_boundary_indicators",
    BOUNDARY,
  ),
  ...on(
    [`${V2}/groups`, O, `${O}/count`, `${O}/{organization_id}`, `${V2}/ticket_fields`, `${V2}/ticket_forms`, `${T}/{ticket_id}/audits`, U],
    "include_item_cursors",
    BOUNDARY,
  ),
  // --- filters no record here can match, or that the lists do not read
  ...on([T, U, `${U}/search`, `${O}/search`, `${V2}/groups/{group_id}/users`, `${O}/{organization_id}/users`], "external_id", {
    allow: EMPTY,
    why: "no record here has an external id",
  }),
  ...on([`${U}/show_many`, `${O}/show_many`], "external_ids", { allow: EMPTY, why: "no record here has an external id" }),
  ...on([U, `${U}/count`, `${V2}/groups/{group_id}/users`, `${O}/{organization_id}/users`], "permission_set", {
    allow: EMPTY,
    why: "no agent here has a custom role",
  }),
  ...on([`${U}/count`], "role", { allow: EMPTY, why: "the count is of every user" }),
  ...on([`${U}/count`], "role[]", { allow: EMPTY, why: "the count is of every user" }),
  [`${T} start_time`]: { allow: EMPTY, why: "the ticket list is not filtered by time: the incremental exports are" },
  ...on([T, `${V2}/incremental/tickets`, `${V2}/incremental/tickets/cursor`, `${V2}/incremental/ticket_events`], "support_type_scope", {
    allow: EMPTY,
    why: "tickets are not scoped by support type here",
  }),
  // --- orders other than `sort`
  ...on([T, `${O}/{organization_id}/users`, `${U}/{user_id}/tickets/requested`], "sort_by", {
    allow: EMPTY,
    why: "lists are ordered by `sort` (`sort=-updated_at`)",
  }),
  ...on([T, `${O}/{organization_id}/users`, `${U}/{user_id}/tickets/requested`], "sort_order", {
    allow: EMPTY,
    why: "lists are ordered by `sort` (`sort=-updated_at`)",
  }),
  ...on([`${V2}/tags`, `${V2}/ticket_fields`, `${V2}/ticket_forms`, `${T}/{ticket_id}/audits`], "sort", NO_SORT),
  [`${T}/{ticket_id}/audits sort_order`]: { allow: "^(asc)?$", why: "audits are served oldest first" },
  [`${T}/{ticket_id}/comments sort_order`]: {
    allow: "^(asc)?$",
    why: "comments are served oldest first (`sort=-created_at` reverses them)",
  },
  [`${T}/{ticket_id}/audits filter_events`]: { allow: EMPTY, why: "audit events are not filtered here" },
  [`${U}/{user_id}/tickets/requested exclude_archived`]: { allow: FALSE, why: "archiving is not modelled" },
  [`${U}/{user_id}/tickets/requested exclude_count`]: { allow: FALSE, why: "the count is always given" },
  // --- the account's settings and forms
  ...on([`${V2}/ticket_fields`, `${V2}/ticket_fields/{ticket_field_id}`], "creator", { allow: FALSE, why: "fields carry no creator here" }),
  ...on([`${V2}/ticket_fields`, `${V2}/ticket_forms`], "locale", { allow: EMPTY, why: "dynamic content is not translated here" }),
  ...Object.fromEntries(
    ["active", "associated_to_brand", "end_user_visible", "fallback_to_default", "form_type"].map((p) => [
      `${V2}/ticket_forms ${p}`,
      { allow: EMPTY, why: "ticket forms are served unfiltered" },
    ]),
  ),
  [`${T}/{ticket_id} reduced_payload_size`]: { allow: FALSE, why: "a ticket is served whole" },
  [`${T}/{ticket_id} remove_duplicate_fields`]: { allow: FALSE, why: "a ticket is served whole" },
};

export const zendeskParams: ParamClasses = {
  unserved: [],
  computed: {
    page: "paging.ts: a page number (offset paging, read as the cursor's `page[after]`)",
    per_page: "paging.ts: the page size (offset lists, and the exports' up to 1000)",
    cursor: "paging.ts: the exports' cursor",
    ids: "lists.ts: show_many's ids, in the list's order",
    role: "lists.ts: end-user, agent or admin; another value is a 400",
    "role[]": "lists.ts: the same role filter, any of them",
    ...on(LISTS_WITH_SORT.concat(`${V2}/organization_memberships`), "sort", "lists.ts: sort=[-]key"),
    [`${O}/search name`]: "lists.ts: a whole name, any case",
    [`${U}/search query`]: "lists.ts: a part of a name or an email",
    [`${V2}/search query`]: "search.ts: Zendesk's search syntax",
    [`${V2}/search/count query`]: "search.ts: the count of the same search",
    [`${V2}/search sort_by`]: "search.ts: updated_at, created_at, priority, status or ticket_type",
    [`${V2}/search sort_order`]: "search.ts: asc or desc",
    ...on(
      [`${V2}/incremental/tickets`, `${V2}/incremental/tickets/cursor`, `${V2}/incremental/ticket_events`],
      "start_time",
      "lists.ts: epoch seconds, over generated_timestamp",
    ),
  },
  refused: Object.fromEntries(Object.entries(refused).map(([k, r]) => [k, r.why])),
  ignored: {
    // One brand (account.ts): every order of a one-item list is the same list.
    [`${V2}/brands sort`]: "the account has one brand: every order is the same",
    // "Excludes deleted entities": no group here is deleted (deleted: false).
    [`${V2}/groups exclude_deleted`]: "no group is deleted: the list is the same",
    [`${U}/show_many include_deleted`]: "no user is deleted: the list is the same",
    // Comments are plain text (no attachments), so there are no inline images to add.
    [`${T}/{ticket_id}/comments include_inline_images`]: "comments carry no inline images: the answer is the same",
  },
  unhandled: {
    ...on(
      [`${V2}/incremental/users`, `${V2}/incremental/users/cursor`, `${V2}/incremental/organizations`],
      "start_time",
      "the user and organization exports start at the beginning whatever the time (Airbyte sends start_time)",
    ),
  },
};

/** Zendesk's 400 for a parameter value it cannot take, naming it. */
const invalidValue: ErrorDoc = { status: 400, body: { error: "InvalidValue", description: "{message}" } };

/**
 * The rules for refused parameters: each key's template as a served key-path regex, every id numeric (so
 * `users/{user_id}` is not `users/count`), `.json` at the end (the alias adds it before the rules run).
 */
export function zendeskRefusals(): QueryRefusal[] {
  return Object.entries(refused).map(([key, r]) => {
    const at = key.lastIndexOf(" ");
    const param = key.slice(at + 1);
    return {
      param,
      path: `^${key
        .slice(1, at)
        .replace(/[.]/g, "\\.")
        .replace(/\{[^}]+\}/g, "\\d+")}\\.json$`,
      ...(r.allow ? { allow: r.allow } : {}),
      error: invalidValue,
      message: `The parameter ${param} is not answered by this snapshot (value '{value}'): ${r.why}.`,
    };
  });
}
