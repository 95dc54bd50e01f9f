import { freshnessCycle } from "./freshness.js";

// An ordinary weekday night, after the working day in Europe and the Americas.
freshnessCycle("a Wednesday night", "2026-11-18T20:00:00Z");
