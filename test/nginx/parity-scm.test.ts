import { describe, it } from "vitest";
import { cloneEveryGitLabProject } from "../edge/harness.js";
import { nginxParity } from "./harness.js";

/** nginx in front of the local server on GitHub, Bitbucket, GitLab and Azure DevOps, and git clone through nginx. */
const bench = nginxParity({ pins: ["gh-2026-03", "bb-v2", "gl-v4-g5", "ado-7-1"], live: [] });

describe("git clone through nginx", () => {
  it("clones every GitLab repository through nginx: fsck is clean and git log is the API's commit list", async () => {
    await cloneEveryGitLabProject(bench.edgePort, bench.work);
  }, 120_000);
});
