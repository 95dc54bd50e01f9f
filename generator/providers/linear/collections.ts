import type { LinkHeaderPaging } from "../../core/pagination/paging.js";

/**
 * The pin's frozen data, as GET resources the GraphQL executor reads: one list per Linear type, each
 * record a response fragment of that type (its scalar fields, and `{id}` for the objects it points
 * to), plus the organization. Lists page like Linear's connections: 50 by default, 250 at most.
 */
export const DATA_PATH = "graphql/data";

export const COLLECTIONS = [
  { name: "users", type: "User" },
  { name: "teams", type: "Team" },
  { name: "teamMemberships", type: "TeamMembership" },
  { name: "workflowStates", type: "WorkflowState" },
  { name: "cycles", type: "Cycle" },
  { name: "projectStatuses", type: "ProjectStatus" },
  { name: "projects", type: "Project" },
  { name: "issueLabels", type: "IssueLabel" },
  { name: "issues", type: "Issue" },
  { name: "issueHistory", type: "IssueHistory" },
  { name: "comments", type: "Comment" },
  { name: "attachments", type: "Attachment" },
] as const;

export type CollectionName = (typeof COLLECTIONS)[number]["name"];

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 250;

/** The data lists page by number with a Link header (core's `github` style), at Linear's page sizes. */
export function dataPagination(origin: string): LinkHeaderPaging {
  return {
    mechanism: "link-header",
    pageParam: "page",
    sizeParam: "per_page",
    defaultSize: DEFAULT_PAGE,
    rendered: [DEFAULT_PAGE, MAX_PAGE],
    max: MAX_PAGE,
    origin,
  };
}
