import type { CiRun, CommitStatus, Deployment, Release } from "../delivery/types.js";
import type { Language } from "../vocabulary.js";
import type { ObjectStore } from "../git.js";

/**
 * The code domain's part of the world: the repositories, with their history, pull requests and issues (and
 * their CI runs, releases and deployments: delivery/).
 */
export interface CodePart {
  repos: Repo[];
}

export interface Repo {
  id: number;
  name: string;
  teamId: number;
  language: Language;
  description: string;
  topics: string[];
  createdAt: number;
  defaultBranch: string;
  objects: ObjectStore;
  /** The default branch, oldest first. */
  mainCommits: Commit[];
  branches: Branch[];
  pulls: PullRequest[];
  issues: Issue[];
  runs: CiRun[];
  /** Commit statuses from the company's other CI services (delivery/statuses.ts), oldest first. */
  statuses: CommitStatus[];
  releases: Release[];
  deployments: Deployment[];
  /** Monthly milestones (milestones.ts), by number. */
  milestones: Milestone[];
  /** Issue and pull request numbers share one sequence, as on GitHub. */
  lastNumber: number;
}

export interface FileChange {
  path: string;
  status: "added" | "modified" | "removed";
  additions: number;
  deletions: number;
  patch: string;
  blobSha: string;
  previousBlobSha?: string;
}

export interface Commit {
  sha: string;
  treeSha: string;
  parents: string[];
  message: string;
  authorId: number;
  /** Undefined when GitHub's web-flow committed it (squash merges). */
  committerId: number | undefined;
  authoredAt: number;
  committedAt: number;
  files: FileChange[];
  /** Work item keys the message cites. */
  keys: string[];
}

export interface Branch {
  name: string;
  headSha: string;
  /** A merged pull request's branch is deleted; its commits stay reachable from the pull request. */
  protected: boolean;
}

export interface Review {
  id: number;
  reviewerId: number;
  state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED";
  body: string;
  submittedAt: number;
  commitSha: string;
  comments: ReviewComment[];
}

export interface ReviewComment {
  id: number;
  authorId: number;
  path: string;
  line: number;
  body: string;
  createdAt: number;
  commitSha: string;
  diffHunk: string;
}

export interface Comment {
  id: number;
  authorId: number;
  body: string;
  createdAt: number;
}

export interface IssueEvent {
  id: number;
  actorId: number;
  event: "labeled" | "assigned" | "closed" | "reopened" | "merged" | "referenced" | "head_ref_deleted" | "review_requested";
  createdAt: number;
  label?: string;
  assigneeId?: number;
  commitSha?: string;
  reviewerId?: number;
}

export interface PullRequest {
  id: number;
  number: number;
  title: string;
  body: string;
  authorId: number;
  workItemKey: string;
  headBranch: string;
  baseSha: string;
  commits: Commit[];
  /** The diff of the whole branch against its base. */
  files: FileChange[];
  createdAt: number;
  updatedAt: number;
  state: "open" | "closed";
  mergedAt?: number;
  closedAt?: number;
  mergeCommitSha?: string;
  mergedById?: number;
  reviewerIds: number[];
  reviews: Review[];
  comments: Comment[];
  events: IssueEvent[];
  labels: string[];
  milestoneNumber?: number;
}

export interface Issue {
  id: number;
  number: number;
  title: string;
  body: string;
  authorId: number;
  assigneeId?: number;
  labels: string[];
  state: "open" | "closed";
  stateReason?: "completed" | "not_planned";
  createdAt: number;
  updatedAt: number;
  closedAt?: number;
  closedById?: number;
  comments: Comment[];
  events: IssueEvent[];
  workItemKey?: string;
  milestoneNumber?: number;
}

export interface Milestone {
  id: number;
  /** Per repository, in order of creation. */
  number: number;
  title: string;
  description: string;
  creatorId: number;
  createdAt: number;
  dueOn: number;
  /** Set once closed: open milestones have none. */
  closedAt?: number;
}
