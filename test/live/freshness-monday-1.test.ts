import { freshnessCycle } from "./freshness.js";

freshnessCycle("monday", 1);
