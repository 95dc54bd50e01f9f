import { originWalk } from "./origin-walk.js";

// Issue 37: every list of gh-2026-03 and its links name the request's origin (origin-walk.ts)
originWalk((label) => label === "gh-2026-03");
