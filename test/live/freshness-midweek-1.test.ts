import { freshnessCycle } from "./freshness.js";

freshnessCycle("midweek", 1);
