'use strict';
// The path of the worker script beside this file: in src/ under jest, in dist/src/ when built (copied
// by nest-cli.json's assets). A CommonJS file, so that `__dirname` works in both.
module.exports = require('node:path').join(__dirname, 'script-worker.cjs');
