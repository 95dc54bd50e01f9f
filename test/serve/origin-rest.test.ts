import { originWalk } from "./origin-walk.js";

// Issue 37: every list of the other pins (Linear, HubSpot, OpenAI, Devin) and of every live host, and their links name
// the request's origin (origin-walk.ts)
originWalk((label) => !/^(gh|gl|bb|ado|jira)-/.test(label));
