import { originWalk } from "./origin-walk.js";

// Issue 37: every list of bb-v2 and bb-v2-g5 and their links name the request's origin (origin-walk.ts)
originWalk((label) => /^bb-/.test(label));
