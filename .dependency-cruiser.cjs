// The import rules `npm run lint` enforces (CONTRIBUTING.md, Layers). Type-only imports count: a circle
// closed through types still ties the files' meaning together, and one did (issue 47).
//
// Known violations: `.dependency-cruiser-known-violations.json` holds imports the lint lets pass until
// they go (`npx depcruise --baseline` on the same arguments as the lint writes it). It is empty: the last
// ones, the migrations that built derived data with the read-model builder, went when derived data was
// versioned by its builder instead (issue 47). Anything not in that file fails the lint.

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No module imports itself through others, counting type-only imports.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-not-server",
      comment:
        "web/ never imports gateway/, seeds/ or migrations/; code it shares with the server lives in schema/.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^(gateway|seeds|migrations)/" },
    },
    {
      name: "migrations-only-typeorm",
      comment:
        "A migration is frozen in time: it imports typeorm, Node's built-ins and other migrations, nothing else.",
      severity: "error",
      from: { path: "^migrations/" },
      to: { pathNot: ["^migrations/", "^node_modules/typeorm/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "schema-not-service",
      comment:
        "schema/ is the model, below every service: it imports nothing from gateway/, seeds/, migrations/ or web/.",
      severity: "error",
      from: { path: "^schema/" },
      to: { path: "^(gateway|seeds|migrations|web)/" },
    },
    {
      name: "gateway-not-web",
      comment: "The gateway serves the built web/dist/ as files; it never imports web/ code.",
      severity: "error",
      from: { path: "^gateway/" },
      to: { path: "^web/" },
    },
    {
      name: "services-not-resolvers-or-routes",
      comment: "Services never import resolvers or REST routes: those call services.",
      severity: "error",
      from: { path: "^gateway/services/" },
      to: { path: "^gateway/(graphql/resolvers|rest)/" },
    },
    {
      name: "shared-web-not-screens",
      comment: "web/src/components/, hooks/ and lib/ serve the screens and never import them.",
      severity: "error",
      from: { path: "^web/src/(components|hooks|lib)/" },
      to: { path: "^web/src/routes/" },
    },
    {
      name: "web-lib-pure",
      comment: "web/src/lib/ holds pure rules: no components or hooks.",
      severity: "error",
      from: { path: "^web/src/lib/" },
      to: { path: "^web/src/(components|hooks)/" },
    },
    {
      name: "screens-independent",
      comment: "A screen never imports another screen's files; shared pieces live in web/src/components/.",
      severity: "error",
      from: { path: "^web/src/routes/([^/]+)/" },
      to: { path: "^web/src/routes/[^/]+/", pathNot: "^web/src/routes/$1/" },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    // Generated typed documents (npm run codegen): absent before codegen, so left out for the same result either way.
    exclude: { path: "^web/src/gql/" },
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
  },
};
