import { originWalk } from "./origin-walk.js";

// Issue 37: every list of gl-v4 and its links name the request's origin (origin-walk.ts)
originWalk((label) => label === "gl-v4");
