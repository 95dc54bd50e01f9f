import { freshnessCycle } from "./freshness.js";

freshnessCycle("weekend", 1);
