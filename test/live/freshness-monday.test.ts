import { freshnessCycle } from "./freshness.js";

// The stalest stretch for work done by people: a weekend just over, before Monday's work reaches UTC.
freshnessCycle("a weekend, into Monday morning", "2026-11-23T02:00:00Z");
