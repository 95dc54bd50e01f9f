import type { ParamClasses } from "../../core/param-classes.js";
import type { QueryRefusal } from "../../core/provider.js";

/**
 * Every query parameter of Bitbucket Cloud's published description (Swagger 2) on the GET operations
 * this provider serves, in one class each (issue 37; test/providers/bb/parameter-classes.test.ts). A
 * bare name holds on every served operation; `<template> <name>` on one. The refused ones are also the
 * serving profile's refusal rules (`bbRefusals`): a value outside `allow` gets Bitbucket's 400
 * `Invalid <param>`. The description lists `page`, `pagelen` and `fields` on no operation (its
 * introduction documents them for every list): all three are computed everywhere (`fields`: the serving
 * profile's partial responses, decision 0034).
 */
const REPO = "/repositories/{workspace}/{repo_slug}";
const STATUSES = [`${REPO}/commit/{commit}/statuses`, `${REPO}/pullrequests/{pull_request_id}/statuses`];
const DIFF = `${REPO}/diff/{spec}`;
const DIFFSTAT = `${REPO}/diffstat/{spec}`;
const SRC = `${REPO}/src/{commit}/{path}`;
const HISTORY = `${REPO}/filehistory/{commit}/{path}`;
/** Lists that hold nothing here: no fork, commit comment or snippet was made, so no filter or order changes them. */
const EMPTY = [`${REPO}/forks`, `${REPO}/commit/{commit}/comments`, "/snippets/{workspace}"];

/** A refused parameter: the values still answered as if absent (a regex; absent: none) and why. */
interface Refused {
  allow?: string;
  why: string;
}

const TRUE = "^(true|True|1)$";

/** `<template> <param>` for each template. */
const on = <T>(templates: string[], param: string, value: T): Record<string, T> =>
  Object.fromEntries(templates.map((t) => [`${t} ${param}`, value]));

const refused: Record<string, Refused> = {
  [`/repositories/{workspace} role`]: {
    allow: "^(member|contributor|admin)$",
    why: "the caller is a member of the workspace with admin rights on every repository: member, contributor and admin list them all; owner (the caller's own account) is not modelled",
  },
  ...on(STATUSES, "sort", { why: "statuses are listed in one order here" }),
  [`${SRC} sort`]: { why: "source listings are in path order only" },
  [`${SRC} max_depth`]: { allow: "^1$", why: "a directory lists its own entries only (depth 1)" },
  [`${HISTORY} sort`]: { why: "a file's history is newest first only" },
  ...on([DIFF, DIFFSTAT], "ignore_whitespace", { allow: "^(false|False|0)$", why: "whitespace changes are always shown" }),
  ...on([DIFF, DIFFSTAT], "path", { why: "a diff of some paths only is not computed: each diff is pre-rendered whole" }),
  ...on([DIFF, DIFFSTAT], "topic", { allow: TRUE, why: "a two-dot diff is not computed: every spec is diffed from its merge base" }),
  ...on([DIFF, DIFFSTAT], "merge", { allow: TRUE, why: "deprecated alias of topic: a two-dot diff is not computed" }),
  [`${DIFF} context`]: { allow: "^3$", why: "hunks carry git's three lines of context only" },
};

/** What no file here can differ in: the world renames no file and holds no binary file. */
const NO_RENAMES = "the world renames no file: with or without rename detection the answer is the same";

export const bbParams: ParamClasses = {
  unserved: [],
  computed: {
    [`/repositories after`]: "queries.ts: created_on >= the instant",
    [`/repositories role`]: "queries.ts selector: member, contributor and admin list the workspace's repositories, owner none",
    state: "queries.ts pull request filter: OPEN by default, repeatable, ALL",
    format: "queries.ts selector: format=meta gives the entry",
    ...on(
      [
        "/repositories",
        "/repositories/{workspace}",
        "/workspaces",
        "/user/permissions/workspaces",
        `${REPO}/refs/branches`,
        `${REPO}/refs/tags`,
        ...STATUSES,
        SRC,
        HISTORY,
      ],
      "q",
      "queries.ts: BBQL over the list's fields",
    ),
    ...on(
      [
        "/repositories",
        "/repositories/{workspace}",
        "/workspaces",
        "/user/permissions/workspaces",
        `${REPO}/refs/branches`,
        `${REPO}/refs/tags`,
      ],
      "sort",
      "queries.ts: sort=field, sort=-field",
    ),
  },
  refused: Object.fromEntries(
    Object.entries(refused).map(([k, r]) => [k, `400 Invalid <param>${r.allow ? ` unless ${r.allow}` : ""}: ${r.why}`]),
  ),
  ignored: {
    ...on(EMPTY, "q", "the list is empty here: no expression selects anything from it"),
    ...on(EMPTY, "sort", "the list is empty here: no order changes it"),
    ...on(EMPTY, "role", "the list is empty here: no role selects anything from it"),
    ...on([DIFF, DIFFSTAT, HISTORY], "renames", NO_RENAMES),
    [`/workspaces role`]:
      "the caller owns the one workspace, with write access to every repository: owner, collaborator and member each list it",
    [`${DIFF} binary`]: "the world holds no binary file: with or without binary files the diff is the same",
  },
  unhandled: {},
};

/** The rules for refused parameters: each key's template as a key-path regex. */
export function bbRefusals(): QueryRefusal[] {
  return Object.entries(refused).map(([key, r]) => {
    const at = key.lastIndexOf(" ");
    return {
      param: key.slice(at + 1),
      path: pathOf(key.slice(0, at)),
      ...(r.allow ? { allow: r.allow } : {}),
      message: `The parameter '${key.slice(at + 1)}' is not answered by this snapshot (value '{value}'): ${r.why}.`,
    };
  });
}

/** A description's template as a served key-path regex (under `2.0/`): a `{path}` spans segments. */
export function pathOf(template: string): string {
  const source = template
    .slice(1)
    .replace(/[.*+^$()|[\]\\]/g, "\\$&")
    .replace(/\{path\}/g, ".*")
    .replace(/\{[^}]+\}/g, "[^/]+");
  return `^2\\.0/${source}$`;
}
