export interface CiJob {
  id: number;
  name: string;
  status: "queued" | "in_progress" | "completed";
  conclusion: "success" | "failure" | null;
  startedAt: number;
  completedAt?: number;
  steps: Array<{
    name: string;
    number: number;
    conclusion: "success" | "failure" | "skipped" | null;
    startedAt: number;
    completedAt?: number;
  }>;
}

export interface CiRun {
  id: number;
  runNumber: number;
  workflowName: string;
  /** `schedule`: the live universe's cron runs on its first repositories (see Generation.schedule). */
  event: "push" | "pull_request" | "schedule";
  headBranch: string;
  headSha: string;
  actorId: number;
  status: "queued" | "in_progress" | "completed";
  conclusion: "success" | "failure" | null;
  createdAt: number;
  updatedAt: number;
  pullNumber?: number;
  jobs: CiJob[];
}

export interface Release {
  id: number;
  tag: string;
  name: string;
  body: string;
  targetSha: string;
  authorId: number;
  createdAt: number;
  publishedAt: number;
  prerelease: boolean;
}

export interface Deployment {
  id: number;
  sha: string;
  ref: string;
  environment: "staging" | "production";
  creatorId: number;
  createdAt: number;
  statuses: Array<{ id: number; state: "in_progress" | "success" | "failure"; createdAt: number; creatorId: number; description: string }>;
}

/**
 * A commit status an external service posts beside the Actions check runs: one row per state change of a
 * context (pending, then its verdict), as GitHub keeps them. `targetUrl` is where the service shows it.
 */
export interface CommitStatus {
  id: number;
  sha: string;
  context: string;
  state: "pending" | "success" | "failure" | "error";
  description: string;
  targetUrl: string;
  creatorId: number;
  createdAt: number;
}
