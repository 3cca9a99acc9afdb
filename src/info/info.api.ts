/**
 * The info door: the version and server time controller (registered by the health module) and
 * the version (the OpenAPI document's `info.version`).
 * Other contexts import this file or `info.module`, never another file of this folder
 * (eslint.config.mjs).
 */
export { InfoController } from './info.controller';
export { version } from './version';
