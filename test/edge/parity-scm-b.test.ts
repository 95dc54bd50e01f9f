import { describe, it } from "vitest";
import { GROUPS, cloneEveryGitLabProject, parity } from "./harness.js";

/** The edge against the local server on GitLab and Azure DevOps (harness.ts), and git clone through the edge. */
const bench = parity(GROUPS.scmB);

describe("git clone from the bucket", () => {
  it("clones every repository through the edge: fsck is clean and git log is the API's commit list", async () => {
    await cloneEveryGitLabProject(bench.edgePort, bench.work);
  }, 120_000);
});
