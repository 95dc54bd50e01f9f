import { DOMAIN, GROUPS, parity } from "./harness.js";

/** The edge against the local server on GitHub and Bitbucket (harness.ts), GitHub's GraphQL included. */
parity(GROUPS.scmA, {
  extra: () => [
    {
      provider: "gh",
      host: `gh-2026-03.snap.${DOMAIN}`,
      path: "/graphql",
      init: {
        method: "POST",
        headers: { authorization: "bearer ghp_test", "content-type": "application/json", "accept-encoding": "br" },
        body: JSON.stringify({ query: "{ viewer { login } }" }),
      },
    },
  ],
});
