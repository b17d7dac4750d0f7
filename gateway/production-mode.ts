/**
 * The gateway process runs in production mode unless told otherwise (NODE_ENV=development). Loaded
 * before anything else, because libraries read NODE_ENV once when they load: graphql-js otherwise
 * checks every failed `instanceof` of the type system against other copies of itself (about 7% of the
 * CPU under the cold gene page), and the server-side React renderer would be its development build.
 * The peer in the cold-path bench runs with NODE_ENV=production too.
 */
process.env.NODE_ENV ??= "production";
