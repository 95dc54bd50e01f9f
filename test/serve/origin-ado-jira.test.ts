import { originWalk } from "./origin-walk.js";

// Issue 37: every list of the Azure DevOps and Jira pins and their links name the request's origin (origin-walk.ts)
originWalk((label) => /^(ado|jira)-/.test(label));
