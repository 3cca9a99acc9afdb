// Jest's module loader cannot `require()` an ES module; Node (20.19+) can. A few CommonJS
// dependencies of Fastify require ESM-only packages (cookie 2, content-disposition 3), so the
// Jest config maps those names to the shims beside this file, which load them with Node's own require.
const { createRequire } = require('node:module');

/** The package `name` as `parent` (a package that depends on it) would load it, through Node. */
module.exports = (parent, name) => createRequire(require.resolve(`${parent}/package.json`))(name);
