import { freshnessCycle } from "./freshness.js";

// Saturday afternoon: a day without work days behind it in any time zone's week.
freshnessCycle("a Saturday afternoon", "2026-11-21T14:00:00Z");
