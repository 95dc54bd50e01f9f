/**
 * The word lists the universe is drawn from. Appending to a list is safe for existing values only when
 * the list is drawn with a keyed rng; reordering a list changes every generation's data.
 */
export const FIRST_NAMES = [
  "Ada",
  "Amara",
  "Andrei",
  "Aiko",
  "Bea",
  "Bilal",
  "Carmen",
  "Chen",
  "Dara",
  "Dmitri",
  "Elena",
  "Emeka",
  "Farah",
  "Felix",
  "Grace",
  "Gustavo",
  "Hana",
  "Hugo",
  "Ines",
  "Ivan",
  "Jada",
  "Jonas",
  "Kai",
  "Keira",
  "Lena",
  "Luca",
  "Maya",
  "Mateo",
  "Nadia",
  "Nikhil",
  "Olga",
  "Omar",
  "Priya",
  "Pablo",
  "Quinn",
  "Rosa",
  "Rafael",
  "Sana",
  "Soren",
  "Tara",
  "Tomas",
  "Uma",
  "Viktor",
  "Wen",
  "Xavier",
  "Yara",
  "Yusuf",
  "Zoe",
] as const;

export const LAST_NAMES = [
  "Abara",
  "Bergstrom",
  "Castillo",
  "Dubois",
  "Eriksen",
  "Fischer",
  "Garcia",
  "Haddad",
  "Ivanova",
  "Jensen",
  "Kowalski",
  "Lindqvist",
  "Moreau",
  "Nakamura",
  "Okafor",
  "Petrov",
  "Quintero",
  "Rossi",
  "Schmidt",
  "Tanaka",
  "Ulrich",
  "Varga",
  "Walsh",
  "Xu",
  "Yilmaz",
  "Zhang",
  "Mensah",
  "Novak",
  "Oliveira",
  "Park",
  "Reyes",
  "Sato",
  "Torres",
  "Vogel",
  "Weber",
  "Kim",
  "Laine",
  "Marsh",
  "Nilsen",
  "Ortiz",
] as const;

export const TIME_ZONES = [
  ["America/Los_Angeles", -8],
  ["America/Denver", -7],
  ["America/Chicago", -6],
  ["America/New_York", -5],
  ["America/Sao_Paulo", -3],
  ["Europe/London", 0],
  ["Europe/Berlin", 1],
  ["Europe/Warsaw", 1],
  ["Europe/Helsinki", 2],
  ["Africa/Lagos", 1],
  ["Asia/Kolkata", 5.5],
  ["Asia/Singapore", 8],
  ["Asia/Tokyo", 9],
  ["Australia/Sydney", 10],
] as const;

export const COMPANIES = [
  ["Northwind Labs", "northwind", "northwind.dev"],
  ["Ridgeline Systems", "ridgeline", "ridgeline.io"],
  ["Bluefin Software", "bluefin", "bluefin.dev"],
  ["Kestrel Works", "kestrel", "kestrelworks.io"],
  ["Lumen Harbor", "lumenharbor", "lumenharbor.com"],
] as const;

/** Teams: name, issue key, the services they own. */
export const TEAMS = [
  ["Payments", "PAY", ["payments-api", "ledger-worker", "invoice-renderer"]],
  ["Platform", "PLAT", ["platform-gateway", "config-service", "deploy-tools"]],
  ["Identity", "IDN", ["auth-service", "session-store", "scim-bridge"]],
  ["Data", "DATA", ["events-pipeline", "warehouse-sync", "metrics-api"]],
  ["Mobile", "MOB", ["mobile-app", "push-notifier", "mobile-bff"]],
  ["Growth", "GRO", ["onboarding-web", "experiments-api", "email-campaigns"]],
  ["Search", "SRCH", ["search-indexer", "query-api", "ranking-service"]],
  ["Reliability", "REL", ["status-checker", "incident-bot", "alert-router"]],
] as const;

export const LANGUAGES = ["TypeScript", "Go", "Python", "Kotlin", "Ruby", "Rust"] as const;
export type Language = (typeof LANGUAGES)[number];

export const ROLES = [
  ["Software Engineer", 10],
  ["Senior Software Engineer", 8],
  ["Staff Engineer", 2],
  ["Site Reliability Engineer", 2],
  ["Product Manager", 1],
  ["Designer", 1],
] as const;

/** Work item titles: a verb and an object, both keyed per item. */
export const VERBS = [
  "Add",
  "Fix",
  "Refactor",
  "Improve",
  "Remove",
  "Support",
  "Document",
  "Speed up",
  "Harden",
  "Migrate",
  "Cache",
  "Validate",
  "Retry",
  "Paginate",
  "Log",
] as const;

export const OBJECTS = [
  "webhook signature check",
  "rate limiter",
  "retry backoff",
  "currency rounding",
  "audit log export",
  "session timeout",
  "password reset flow",
  "bulk import",
  "CSV export",
  "search ranking weights",
  "feature flag cleanup",
  "health check endpoint",
  "error budget alerting",
  "cursor pagination",
  "idempotency keys",
  "tenant isolation",
  "schema migration",
  "dead letter queue",
  "OAuth scopes",
  "invoice PDF layout",
  "timezone handling",
  "push notification batching",
  "A/B test assignment",
  "onboarding checklist",
  "metrics cardinality",
  "config reload",
  "TLS certificate rotation",
  "connection pool sizing",
  "request tracing",
  "SLO dashboard",
  "stale cache eviction",
  "duplicate event detection",
  "refund workflow",
  "SCIM group sync",
  "index rebuild job",
] as const;

export const BUG_SYMPTOMS = [
  "returns 500 when",
  "times out when",
  "drops events when",
  "shows the wrong total when",
  "double-counts retries when",
  "logs secrets when",
  "ignores the locale when",
  "leaks connections when",
] as const;

export const BUG_TRIGGERS = [
  "the payload is empty",
  "two requests race",
  "the cache is cold",
  "the upstream returns 429",
  "the user has no team",
  "the date crosses midnight UTC",
  "pagination reaches the last page",
  "the config file is missing",
] as const;

export const REVIEW_REMARKS = [
  "Could we add a test for the empty case?",
  "Nit: this name could say what it holds.",
  "Is this safe to retry?",
  "Let's log the request id here.",
  "This reads well, thanks.",
  "Should this be behind the feature flag?",
  "Can we avoid the extra allocation in the loop?",
  "Does this need a migration note in the CHANGELOG?",
  "Please handle the timeout explicitly.",
] as const;

export const LABELS = [
  ["bug", "d73a4a", "Something isn't working"],
  ["enhancement", "a2eeef", "New feature or request"],
  ["documentation", "0075ca", "Improvements or additions to documentation"],
  ["performance", "fbca04", "Faster or leaner"],
  ["tech-debt", "c5def5", "Cleanup and refactoring"],
  ["security", "b60205", "Security hardening"],
] as const;

/** Customer company names: a word and a trade, both keyed per company. */
export const COMPANY_WORDS = [
  "Aster",
  "Beacon",
  "Cobalt",
  "Delta",
  "Ember",
  "Fjord",
  "Granite",
  "Harbor",
  "Iris",
  "Juniper",
  "Keystone",
  "Lattice",
  "Meridian",
  "Nimbus",
  "Orchid",
  "Pioneer",
  "Quarry",
  "Redwood",
  "Summit",
  "Tidal",
  "Umber",
  "Vantage",
  "Willow",
  "Zephyr",
] as const;

/** The word that ends a customer's name, and the industry it puts the customer in (neutral: a CRM maps it). */
export const INDUSTRIES = [
  ["Logistics", "transportation"],
  ["Health", "health-care"],
  ["Foods", "food"],
  ["Analytics", "software"],
  ["Retail", "retail"],
  ["Bank", "banking"],
  ["Energy", "energy"],
  ["Media", "media"],
  ["Travel", "travel"],
  ["Insurance", "insurance"],
] as const;

export type Industry = (typeof INDUSTRIES)[number][1];

export const CITIES = [
  ["Austin", "United States"],
  ["Toronto", "Canada"],
  ["London", "United Kingdom"],
  ["Berlin", "Germany"],
  ["Lisbon", "Portugal"],
  ["Lagos", "Nigeria"],
  ["Bangalore", "India"],
  ["Singapore", "Singapore"],
  ["Sydney", "Australia"],
  ["Sao Paulo", "Brazil"],
  ["Chicago", "United States"],
  ["Stockholm", "Sweden"],
] as const;

export const JOB_TITLES = [
  "CTO",
  "VP Engineering",
  "Head of Operations",
  "Product Manager",
  "Procurement Lead",
  "IT Director",
  "CFO",
  "Engineering Manager",
] as const;

/** Staff outside engineering: they sell and support, so they own CRM records but push no code. */
export const STAFF_ROLES = [
  ["Head of Sales", 1],
  ["Account Executive", 3],
  ["Sales Development Rep", 2],
  ["Customer Success Manager", 2],
  ["Support Engineer", 3],
] as const;

/** Models an engineer calls through the OpenAI API, by weight. */
export const OPENAI_MODELS = [
  ["gpt-4.1", 4],
  ["gpt-4.1-mini", 5],
  ["o4-mini", 2],
  ["text-embedding-3-small", 2],
] as const;

export const DEVIN_TASKS = [
  "Investigate flaky test in {repo}",
  "Upgrade dependencies in {repo}",
  "Write a runbook for {repo}",
  "Triage the error spike in {repo}",
  "Add missing tests to {repo}",
] as const;

/** The Claude lines an engineer makes their usual, weighted; each day they use the line's newest model. */
export const CLAUDE_LINES = [
  ["sonnet", 6],
  ["opus", 2],
  ["haiku", 3],
] as const;

/** Claude models with the days they became available and retired (Anthropic's models overview and deprecations). */
export const CLAUDE_MODELS: ReadonlyArray<{ id: string; line: "sonnet" | "opus" | "haiku"; released: string; retires?: string }> = [
  { id: "claude-sonnet-4-5-20250929", line: "sonnet", released: "2025-09-29", retires: "2026-11-30" },
  { id: "claude-haiku-4-5-20251001", line: "haiku", released: "2025-10-15" },
  { id: "claude-opus-4-5-20251101", line: "opus", released: "2025-11-24" },
  { id: "claude-opus-4-6", line: "opus", released: "2026-02-05" },
  { id: "claude-sonnet-4-6", line: "sonnet", released: "2026-02-17" },
  { id: "claude-opus-4-7", line: "opus", released: "2026-04-16" },
  { id: "claude-opus-4-8", line: "opus", released: "2026-05-28" },
  { id: "claude-sonnet-5", line: "sonnet", released: "2026-06-30" },
  { id: "claude-opus-5", line: "opus", released: "2026-07-24" },
];

/** The model names Cursor reports in its usage data, weighted as above. */
export const CURSOR_MODELS = [
  ["claude-4.5-sonnet", 5],
  ["gpt-5", 3],
  ["auto", 4],
  ["composer-1", 2],
] as const;

export const CURSOR_VERSIONS = ["1.7.46", "1.7.52", "2.0.34", "2.0.43", "2.1.25"] as const;

export const CURSOR_EXTENSIONS = ["ts", "tsx", "go", "py", "rs", "md", "yaml"] as const;

export const CHATGPT_MODELS = [
  ["gpt-5", 5],
  ["gpt-5-thinking", 2],
  ["gpt-4o", 2],
] as const;

/** A conversation's title and its opening question; `{repo}` is one of the company's repositories. */
export const CHATGPT_TOPICS = [
  ["Flaky test in {repo}", "A test in {repo} fails one run in twenty. How do I find out why?"],
  ["Postgres index for {repo}", "Which index would speed up the slowest query in {repo}?"],
  ["Reviewing a large PR", "How do I review a 900-line pull request without missing the important parts?"],
  ["Release notes for {repo}", "Write release notes from these commit messages of {repo}."],
  ["Retry policy", "What retry policy should {repo} use for calls to a flaky upstream API?"],
  ["Explain a stack trace", "Explain this stack trace from {repo} and where to look first."],
  ["Incident summary", "Summarise yesterday's incident in {repo} for customers, in plain words."],
  ["Regex help", "A regular expression that matches our ticket keys in commit messages?"],
] as const;

/** The workspace's custom GPTs: a name and what it is for. */
export const GPT_IDEAS = [
  ["Code Review Buddy", "Reviews a diff against the team's style guide."],
  ["Incident Scribe", "Turns an incident channel's notes into a postmortem draft."],
  ["SQL Helper", "Writes and explains queries against the analytics warehouse."],
  ["Release Notes Writer", "Drafts release notes from merged pull requests."],
  ["Onboarding Guide", "Answers a new engineer's questions about how the company works."],
  ["Ticket Triage", "Suggests a priority and an owner for a new ticket."],
] as const;

/** Exceptions each language's services throw: [type, message]. */
export const ERROR_KINDS: Record<Language, ReadonlyArray<readonly [string, string]>> = {
  TypeScript: [
    ["TypeError", "Cannot read properties of undefined (reading 'id')"],
    ["RangeError", "Invalid time value"],
    ["Error", "Request failed with status code 502"],
    ["SyntaxError", "Unexpected token < in JSON at position 0"],
  ],
  Python: [
    ["KeyError", "'account_id'"],
    ["AttributeError", "'NoneType' object has no attribute 'id'"],
    ["ValueError", "invalid literal for int() with base 10: ''"],
    ["TimeoutError", "timed out waiting for connection from pool"],
  ],
  Ruby: [
    ["NoMethodError", "undefined method `id' for nil:NilClass"],
    ["ActiveRecord::RecordNotFound", "Couldn't find Account with 'id'=0"],
    ["Timeout::Error", "execution expired"],
    ["JSON::ParserError", "unexpected token at ''"],
  ],
  Go: [
    ["runtime.Error", "invalid memory address or nil pointer dereference"],
    ["*url.Error", "context deadline exceeded"],
    ["*errors.errorString", "sql: no rows in result set"],
    ["*json.SyntaxError", "unexpected end of JSON input"],
  ],
  Kotlin: [
    ["java.lang.NullPointerException", "Parameter specified as non-null is null"],
    ["java.lang.IllegalStateException", "Expected BEGIN_OBJECT but was STRING"],
    ["java.net.SocketTimeoutException", "Read timed out"],
    ["kotlinx.coroutines.TimeoutCancellationException", "Timed out waiting for 5000 ms"],
  ],
  Rust: [
    ["panic", "called `Option::unwrap()` on a `None` value"],
    ["std::io::Error", "connection reset by peer"],
    ["serde_json::Error", "missing field `id` at line 1 column 42"],
    ["tokio::time::error::Elapsed", "deadline has elapsed"],
  ],
};

/** The requests and jobs errors happen in. */
export const ERROR_TRANSACTIONS = [
  "GET /v1/accounts/:id",
  "POST /v1/payments",
  "GET /v1/search",
  "POST /v1/events",
  "PUT /v1/settings",
  "GET /healthz/ready",
  "job:sync_batch",
  "job:reindex",
  "POST /webhooks/inbound",
  "GET /v1/reports/:id",
] as const;

/** Notes on-call people leave on an incident; `{service}` is the service. */
export const INCIDENT_NOTES = [
  "Rolled {service} back to the previous release; error rate is dropping.",
  "Looking at the dashboards: the spike started right after the last deploy of {service}.",
  "Paged the database on-call to check connection saturation.",
  "Root cause found: a missing null check in the new code path. Fix is in review.",
  "Customers on the EU cluster were affected; US looks clean.",
  "Scaled {service} out to 6 replicas while we investigate.",
  "Fix deployed to staging, verifying before production.",
] as const;

/** Planned maintenance the status page announces: [title, what is done]. */
export const MAINTENANCE_WORKS = [
  ["Database maintenance", "A database version upgrade"],
  ["Network maintenance", "Load balancer certificate rotation"],
  ["Scheduled infrastructure upgrade", "A Kubernetes node pool upgrade"],
  ["Search cluster maintenance", "A reindex of the search cluster"],
] as const;
